/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-combat-choices.h"
#include "editor-unit-actions.h"
#include "sand-ruleset-labels.h"

struct _EditorUnitActions
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  int hasty_unit;             /* the unit whose hasty attack is being set up, or -1 */
  int hasty_hex;              /* the hex it goes to */
  GArray *dummies;            /* int: the units dummy_dropdown lists */
  GArray *withholdable;       /* int: the units withhold_dropdown lists */
  GArray *reserve_hexes;      /* int: where a new EB may come in now */
  /* A rolled hasty attack waiting for its owners' losses (the Losses step):
   * who made it, on which hex, its defenders and its strength before. */
  EditorCombatChoices *choices;
  GtkButton *surplus_button;  /* LFAF 4.4: pick the surplus of an overstacked hex */
  int rolled_unit;
  int rolled_hex;
  GArray *rolled_defenders;
  int rolled_strength;

  /* Template children */
  GtkLabel *title_label;
  GtkLabel *detail_label;
  GtkLabel *notice_label;
  GtkBox *unit_box;
  GtkBox *buttons_box;
  GtkToggleButton *probe_button;
  GtkButton *hasty_button;
  GtkButton *challenge_button;
  GtkButton *formation_button;
  GtkButton *entrain_button;
  GtkButton *detrain_button;
  GtkButton *rally_button;
  GtkButton *exit_button;
  GtkButton *remove_button;
  GtkButton *done_button;
  GtkBox *hasty_box;
  GtkLabel *hasty_label;
  GtkSpinButton *points_spin;
  GtkAdjustment *points_adjustment;
  GtkLabel *halved_label;
  GtkButton *hasty_cancel_button;
  GtkButton *hasty_attack_button;
  GtkBox *pick_box;
  GtkLabel *pick_label;
  GtkButton *pick_cancel_button;
  GtkBox *phase_box;
  GtkLabel *phase_label;
  GtkLabel *phase_notice_label;
  GtkBox *dummy_box;
  GtkDropDown *dummy_dropdown;
  GtkButton *dummy_button;
  GtkBox *withhold_box;
  GtkDropDown *withhold_dropdown;
  GtkButton *withhold_button;
  GtkButton *reserve_button;
  GtkButton *recon_button;
  GtkLabel *result_label;
};

G_DEFINE_FINAL_TYPE (EditorUnitActions, editor_unit_actions, GTK_TYPE_WIDGET)

/* Plan J's removal is owed while the rules module keeps this game marker. */
#define PLAN_J_MARKER "plan-j-removal"

/* Reading the game */

static SandRuleset *
game_ruleset (SandGame *game)
{
  return sand_scenario_get_ruleset (sand_game_get_scenario (game));
}

static gboolean
game_option (SandGame   *game,
             const char *option)
{
  return sand_scenario_has_option (sand_game_get_scenario (game), option);
}

static gboolean
phase_is (SandGame   *game,
          const char *id)
{
  return g_strcmp0 (sand_game_get_phase_id (game), id) == 0;
}

/* The name the screen's side knows the unit by. */
static char *
unit_label (SandGame *game,
            int       unit,
            int       viewer)
{
  const SandCounter *counter = sand_game_get_counter (game, unit);

  if (!sand_game_unit_visible (game, unit, viewer))
    return sand_game_unit_name_for (game, unit, viewer);
  return g_strdup (counter->name && *counter->name ? counter->name : counter->id);
}

/* The same with the counter's id when its name is shared ("AK"): the
 * player tells apart which of their units it is. */
static char *
unit_label_full (SandGame *game,
                 int       unit,
                 int       viewer)
{
  const SandCounter *counter = sand_game_get_counter (game, unit);

  if (!sand_game_unit_visible (game, unit, viewer) || counter->name == NULL ||
      *counter->name == '\0' || g_strcmp0 (counter->name, counter->id) == 0)
    return unit_label (game, unit, viewer);
  /* Translators: a unit's name and its counter id, e.g. "AK (de6-2)". */
  return g_strdup_printf (_("%s (%s)"), counter->name, counter->id);
}

static char *
hex_label (SandGame *game,
           int       hex)
{
  return sand_grid_dup_id (sand_game_get_grid (game), hex);
}

/* Whether an enemy of @side stands on @hex. */
static gboolean
enemy_on (SandGame *game,
          int       hex,
          int       side,
          GArray   *scratch)
{
  g_array_set_size (scratch, 0);
  sand_game_units_at (game, hex, scratch);
  for (guint i = 0; i < scratch->len; i++)
    if (sand_game_get_unit (game, g_array_index (scratch, int, i))->side != side)
      return TRUE;
  return FALSE;
}

/* Hexes within @range of @from (not @from) holding enemies of @side,
 * appended to @out. */
static void
enemy_hexes_near (SandGame *game,
                  int       from,
                  int       range,
                  int       side,
                  GArray   *out)
{
  const SandGrid *grid = sand_game_get_grid (game);
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      gboolean listed = FALSE;

      if (st->status != SAND_UNIT_ON_MAP || st->side == side || st->hex == from)
        continue;
      if (sand_grid_distance (grid, from, st->hex) > range)
        continue;
      for (guint i = 0; i < out->len && !listed; i++)
        listed = g_array_index (out, int, i) == st->hex;
      if (!listed && enemy_on (game, st->hex, side, scratch))
        g_array_append_val (out, st->hex);
    }
}

/* Only setting-up actions so far: formations change free (Formation
 * Status (A)). */
static gboolean
before_play (SandGame *game)
{
  for (guint i = 0; i < sand_game_log_length (game); i++)
    {
      const char *line = sand_game_log_line (game, i);

      if (!g_str_has_prefix (line, "setup ") && !g_str_has_prefix (line, "formation "))
        return FALSE;
    }
  return TRUE;
}

/* Whether the rules have put a marker of @kind in play. */
static gboolean
marker_placed (SandGame   *game,
               const char *kind)
{
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    if (g_strcmp0 (sand_game_get_marker (game, i)->kind, kind) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
plan_j_owed (SandGame *game)
{
  return marker_placed (game, PLAN_J_MARKER);
}

/* Quarter points in words: 6 → "1½". */
static char *
format_quarters (int q)
{
  static const char *const parts[] = { "", "¼", "½", "¾" };

  if (q < 4)
    return g_strdup (q == 0 ? "0" : parts[q]);
  return g_strdup_printf ("%d%s", q / 4, parts[q % 4]);
}

/* Relabels only on a change: the panel is updated as the pointer moves. */
static void
set_button_label (GtkButton  *button,
                  const char *label)
{
  if (g_strcmp0 (gtk_button_get_label (button), label) != 0)
    gtk_button_set_label (button, label);
}

/* Showing what happened */

static void
show_result (EditorUnitActions *self,
             const char        *text)
{
  gtk_label_set_label (self->result_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), text != NULL && *text != '\0');
  gtk_widget_remove_css_class (GTK_WIDGET (self->result_label), "error");
}

/* A refusal: its reason and rule, here and as the playtest shows refused
 * moves. */
static void
refused (EditorUnitActions *self,
         const GError      *error)
{
  editor_playtest_report (self->playtest, error);
  show_result (self, editor_playtest_get_message (self->playtest));
  gtk_widget_add_css_class (GTK_WIDGET (self->result_label), "error");
}

/* What the last action noted in the log (dice, results), as the screen's
 * side may read it. */
static char *
last_note (EditorUnitActions *self)
{
  guint n = editor_playtest_log_length (self->playtest);
  g_autofree char *entry = NULL;
  const char *dash;

  if (n == 0)
    return g_strdup ("");
  entry = editor_playtest_log_entry (self->playtest, n - 1);
  dash = strstr (entry, " — ");
  return g_strdup (dash ? dash + strlen (" — ") : "");
}

/* The game's action @name for @unit (-1: none) on @hex (SAND_HEX_NONE). */
static SandAction *
new_action (SandGame *game, const char *name, int unit, int hex)
{
  SandAction *action = sand_action_new (sand_game_find_action (game, name));
  action->unit = unit;
  action->hex = hex;
  return action;
}

/* Plays @action (taken) as the console would; TRUE when the rules took it. */
static gboolean
play (EditorUnitActions *self,
      SandAction        *action)
{
  g_autoptr(SandAction) owned = action;
  g_autoptr(GError) error = NULL;

  if (!editor_playtest_apply (self->playtest, owned, &error))
    {
      refused (self, error);
      return FALSE;
    }
  return TRUE;
}

/* The halved strength a hasty attack would bring, from what the rules
 * halve: always (P), again unsupplied, again extended (Formation
 * Status (C)). */
static void
update_halved (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int points = gtk_spin_button_get_value_as_int (self->points_spin);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *value = NULL;
  int q = points * 4 / 2;
  const char *formation;

  if (game == NULL || self->hasty_unit < 0)
    return;
  formation = sand_game_unit_formation_for (game, self->hasty_unit,
                                            sand_game_get_unit (game, self->hasty_unit)->side);
  if (sand_game_unit_supply (game, self->hasty_unit) != SAND_SUPPLY_SUPPLIED)
    q /= 2;
  if (g_strcmp0 (formation, "extended") == 0)
    q /= 2;
  value = format_quarters (q);
  /* Translators: the points allocated to a hasty attack and what they
   * count for, e.g. "3 points attack as 1½ (halved, Hasty Attacks (P))". */
  g_string_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                      "%d point attacks as %s (halved, Hasty Attacks (P))",
                                      "%d points attack as %s (halved, Hasty Attacks (P))",
                                      points),
                   points, value);
  if (sand_game_unit_supply (game, self->hasty_unit) != SAND_SUPPLY_SUPPLIED)
    g_string_append_printf (text, "\n%s", _("Halved again: the unit is out of supply."));
  if (g_strcmp0 (formation, "extended") == 0)
    g_string_append_printf (text, "\n%s",
                            _("Halved again: the unit is extended (Formation Status (C))."));
  gtk_label_set_label (self->halved_label, text->str);
}

static void
end_hasty (EditorUnitActions *self)
{
  self->hasty_unit = -1;
  self->hasty_hex = -1;
  gtk_widget_set_visible (GTK_WIDGET (self->hasty_box), FALSE);
}

/* The chosen unit's name in the drop-down's button is cut short rather
 * than widen the game panel; the list shows it whole. */
static void
setup_short_label_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_list_item_set_child (item, label);
}

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (string));
}

static void
set_factories (GtkDropDown *dropdown)
{
  g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (setup_short_label_cb), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (bind_label_cb), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (setup_label_cb), NULL);
  g_signal_connect (list, "bind", G_CALLBACK (bind_label_cb), NULL);
  gtk_drop_down_set_factory (dropdown, button);
  gtk_drop_down_set_list_factory (dropdown, list);
}

/* Rebuilds a drop-down's names only when its units changed, so that the
 * player's choice stays while the pointer moves. */
static void
set_choices (EditorUnitActions *self,
             GtkDropDown       *dropdown,
             GArray            *listed,
             GArray            *units,
             gboolean           with_turn)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int viewer = editor_playtest_get_viewer (self->playtest);
  g_autoptr(GtkStringList) names = NULL;
  int keep = -1;
  guint selected;

  if (listed->len == units->len &&
      memcmp (listed->data, units->data, units->len * sizeof (int)) == 0 &&
      gtk_drop_down_get_model (dropdown) != NULL)
    return;
  selected = gtk_drop_down_get_selected (dropdown);
  if (selected != GTK_INVALID_LIST_POSITION && selected < listed->len)
    keep = g_array_index (listed, int, selected);
  names = gtk_string_list_new (NULL);
  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      const SandUnitState *st = sand_game_get_unit (game, u);
      g_autofree char *name = unit_label_full (game, u, viewer);

      if (with_turn && st->status == SAND_UNIT_WAITING)
        {
          /* Translators: a reinforcement and the game-turn it arrives. */
          g_autofree char *item = g_strdup_printf (_("%s, turn %d"), name, st->arrive_turn);
          gtk_string_list_append (names, item);
        }
      else if (with_turn)
        {
          /* Translators: a reinforcement that arrived this turn. */
          g_autofree char *item = g_strdup_printf (_("%s, arrived"), name);
          gtk_string_list_append (names, item);
        }
      else
        gtk_string_list_append (names, name);
    }
  g_array_set_size (listed, 0);
  g_array_append_vals (listed, units->data, units->len);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (names));
  for (guint i = 0; i < units->len; i++)
    if (g_array_index (units, int, i) == keep)
      gtk_drop_down_set_selected (dropdown, i);
}

static int
chosen (GtkDropDown *dropdown,
        GArray      *listed)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  return i != GTK_INVALID_LIST_POSITION && i < listed->len ? g_array_index (listed, int, i) : -1;
}

/* The unit part */

static void
update_unit (EditorUnitActions *self,
             SandGame          *game,
             int                unit,
             gboolean          *shown)
{
  SandRuleset *ruleset = game_ruleset (game);
  int viewer = editor_playtest_get_viewer (self->playtest);
  int side = sand_game_get_side (game);
  const SandUnitState *st;
  g_autoptr(GString) detail = g_string_new (NULL);
  g_autoptr(GString) notice = g_string_new (NULL);
  g_autoptr(GPtrArray) flags = g_ptr_array_new ();
  g_autofree char *title = NULL;
  const char *formation;
  gboolean own, movement, standard, is_dummy, over, fpw, visible;
  int strength;

  gtk_widget_set_visible (GTK_WIDGET (self->unit_box), unit >= 0);
  if (unit < 0)
    return;
  *shown = TRUE;
  st = sand_game_get_unit (game, unit);
  own = st->side == side;
  over = sand_game_is_over (game);
  movement = phase_is (game, "movement") && !over;
  standard = game_option (game, "standard");
  is_dummy = (st->flags & SAND_UNIT_DUMMY) != 0 && own;
  fpw = editor_playtest_has_command (self->playtest, "hasty");
  visible = sand_game_unit_visible (game, unit, viewer);

  title = unit_label_full (game, unit, viewer);
  /* Say it is a dummy unless its name already does. */
  if (own && is_dummy && strstr (title, "ummy") == NULL)
    {
      g_autofree char *full = g_strdup_printf (_("%s (dummy)"), title);
      g_free (title);
      title = g_steal_pointer (&full);
    }
  gtk_label_set_label (self->title_label, title);

  /* What the screen's side knows of it. */
  strength = sand_game_unit_strength_for (game, unit, viewer);
  if (!visible && strength < 0)
    g_string_append (detail, _("Face down: combat reveals what it is."));
  else if (!is_dummy && strength >= 0 && sand_game_get_counter (game, unit)->steps > 0)
    /* LFAF counts strength in steps. */
    g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps",
                                                 strength), strength);
  else if (!is_dummy && strength >= 0)
    g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE, "%d Combat Point",
                                                 "%d Combat Points", strength), strength);
  if (own && movement)
    {
      if (detail->len > 0)
        g_string_append (detail, " · ");
      /* Translators: movement points left and the allowance this phase. */
      g_string_append_printf (detail, _("%d of %d MP left"), sand_game_unit_mp_left (game, unit),
                              sand_game_unit_allowance (game, unit));
    }
  formation = sand_game_unit_formation_for (game, unit, viewer);
  if (formation != NULL)
    {
      if (detail->len > 0)
        g_string_append (detail, " · ");
      g_string_append (detail, g_str_equal (formation, "extended") ? _("extended")
                                                                   : _("concentrated"));
    }
  if (own && st->flags & SAND_UNIT_ENTRAINED)
    g_string_append_printf (detail, "%s%s", detail->len ? " · " : "", _("entrained"));
  if (own && sand_game_unit_supply (game, unit) != SAND_SUPPLY_SUPPLIED)
    g_string_append_printf (detail, "%s%s", detail->len ? " · " : "",
                            sand_game_unit_supply (game, unit) == SAND_SUPPLY_ISOLATED
                            ? _("isolated") : _("unsupplied"));
  gtk_label_set_label (self->detail_label, detail->str);

  /* What the rules say it owes or may no longer do. */
  if (own)
    {
      sand_game_unit_rule_flags (game, unit, flags);
      for (guint i = 0; i < flags->len; i++)
        {
          const char *flag = g_ptr_array_index (flags, i);

          if (g_str_equal (flag, "overstacked") && phase_is (game, "movement"))
            g_string_append_printf (notice, "%s%s", notice->len ? "\n" : "",
                                    _("Its hex is over the stacking limit: unless the stack is "
                                      "broken up, units are eliminated at the end of this "
                                      "Movement Phase — those you pick with Eliminate First, "
                                      "then the last counters (LFAF 4.4)."));
          else if (g_str_equal (flag, "surplus"))
            g_string_append_printf (notice, "%s%s", notice->len ? "\n" : "",
                                    _("Picked to be eliminated first if its hex is still over "
                                      "the stacking limit at the end of the phase (LFAF 4.4)."));
          else if (g_str_equal (flag, "must-probe"))
            g_string_append_printf (notice, "%s%s", notice->len ? "\n" : "",
                                    _("It entered enemy control without paying: it makes a "
                                      "hasty attack before anything else moves (Standard Game "
                                      "Sequence of Play (2))."));
          else if (g_str_equal (flag, "no-combat"))
            g_string_append_printf (notice, "%s%s", notice->len ? "\n" : "",
                                    _("It may not attack in this turn's Combat Phase (Standard "
                                      "Game Sequence of Play, errata)."));
        }
      if (movement && standard && (st->flags & SAND_UNIT_MUST_PROBE))
        ;
      else if (movement && standard && (st->flags & SAND_UNIT_FINISHED))
        g_string_append_printf (notice, "%s%s", notice->len ? "\n" : "",
                                _("Its movement is over for this phase."));
      else if (movement && standard && (st->flags & SAND_UNIT_STOPPED))
        g_string_append_printf (notice, "%s%s", notice->len ? "\n" : "",
                                _("Stopped in enemy control: it moves no further this phase."));
    }
  gtk_label_set_label (self->notice_label, notice->str);
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), notice->len > 0);

  /* The buttons: only what this game has, in this phase, for this unit;
   * the rules engine refuses, with its reason, what the moment forbids. */
  {
    gboolean mine = own && !over && !editor_playtest_get_screen_hidden (self->playtest);
    gboolean real = mine && !is_dummy && st->strength > 0;
    gboolean done = (st->flags & SAND_UNIT_FINISHED) != 0;
    gboolean must = (st->flags & SAND_UNIT_MUST_PROBE) != 0;
    g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (int));
    gboolean any_button = FALSE;
    int cost = sand_ruleset_param_int (ruleset, "formation-change-cost", 4);
    const char *own_formation = sand_game_unit_formation_for (game, unit, side);

    if (mine)
      enemy_hexes_near (game, st->hex, 2, side, near);

#define SHOW(button, cond) \
    G_STMT_START { gboolean c_ = (cond); \
      gtk_widget_set_visible (GTK_WIDGET (button), c_); any_button |= c_; } G_STMT_END

    SHOW (self->probe_button, mine && standard && movement && !is_dummy && !done &&
          sand_game_unit_mp_left (game, unit) > 0 &&
          !(st->flags & (SAND_UNIT_STOPPED | SAND_UNIT_ENTRAINED)));
    {
      gboolean adjacent = FALSE;

      for (guint i = 0; i < near->len; i++)
        adjacent |= sand_grid_distance (sand_game_get_grid (game), st->hex,
                                        g_array_index (near, int, i)) == 1;
      SHOW (self->hasty_button, real && standard && movement && adjacent && !done &&
            !(st->flags & (SAND_UNIT_HASTY | SAND_UNIT_ENTRAINED)));
    }
    if (must)
      gtk_widget_add_css_class (GTK_WIDGET (self->hasty_button), "suggested-action");
    else
      gtk_widget_remove_css_class (GTK_WIDGET (self->hasty_button), "suggested-action");
    /* Formation Status is in play when the engine tells the unit's own
     * side its formation. */
    SHOW (self->challenge_button, mine && own_formation != NULL && movement &&
          near->len > 0 && !done && !(st->flags & (SAND_UNIT_HASTY | SAND_UNIT_STOPPED)));
    SHOW (self->formation_button, mine && own_formation != NULL &&
          (movement || before_play (game)) && !done);
    if (own_formation != NULL)
      {
        gboolean free_change = before_play (game);
        g_autofree char *label = NULL;
        g_autofree char *tip = NULL;

        if (g_str_equal (own_formation, "extended"))
          label = free_change ? g_strdup (_("Co_ncentrate (free before play)"))
                              /* Translators: change formation, and its cost. */
                              : g_strdup_printf (_("Co_ncentrate (%d MP)"), cost);
        else
          label = free_change ? g_strdup (_("E_xtend (free before play)"))
                              : g_strdup_printf (_("E_xtend (%d MP)"), cost);
        set_button_label (self->formation_button, label);
        tip = g_strdup_printf (_("Formation Status (A): changing formation costs %d MP, free "
                                 "before play; extended units are halved in combat (C), only "
                                 "concentrated ones move by rail (E)"), cost);
        gtk_widget_set_tooltip_text (GTK_WIDGET (self->formation_button), tip);
      }
    SHOW (self->entrain_button, mine && fpw && movement && !done &&
          !(st->flags & SAND_UNIT_ENTRAINED));
    /* Rail costs are the ruleset's (Terrain Effects Chart, with the errata). */
    {
      g_autofree char *entrain = NULL;
      g_autofree char *detrain = NULL;

      /* Translators: put a unit on the rails, and what it costs. */
      entrain = g_strdup_printf (_("_Entrain (%d MP)"),
                                 sand_ruleset_param_int (ruleset, "entrain-cost", 3));
      /* Translators: take a unit off the rails, and what it costs. */
      detrain = g_strdup_printf (_("De_train (%d MP)"),
                                 sand_ruleset_param_int (ruleset, "detrain-cost", 2));
      set_button_label (self->entrain_button, entrain);
      set_button_label (self->detrain_button, detrain);
    }
    SHOW (self->detrain_button, mine && fpw && movement && (st->flags & SAND_UNIT_ENTRAINED));
    /* LFAF 9: only a unit that has lost a step has something to rally. */
    SHOW (self->rally_button, mine && movement && !(st->flags & SAND_UNIT_MOVED) &&
          st->strength < sand_game_unit_max_strength (game, unit) &&
          editor_playtest_has_command (self->playtest, "rally"));
    /* Who may leave by which edge is the rules' to say (FPW Victory
     * Conditions). */
    SHOW (self->exit_button, real && sand_game_may_exit (game, unit));
    SHOW (self->remove_button, real && plan_j_owed (game));
    /* A unit that owes a hasty attack may not stop before it (the engine
     * would refuse). */
    SHOW (self->done_button, mine && standard && movement && !done && !must &&
          sand_game_unit_in_motion (game) == unit);
    {
      gboolean overstacked = FALSE, picked = FALSE;

      for (guint i = 0; i < flags->len; i++)
        {
          overstacked |= g_str_equal (g_ptr_array_index (flags, i), "overstacked");
          picked |= g_str_equal (g_ptr_array_index (flags, i), "surplus");
        }
      SHOW (self->surplus_button, mine && movement && overstacked && !picked &&
            editor_playtest_has_command (self->playtest, "surplus"));
    }
#undef SHOW
    /* While a hasty attack is set up, its own controls are all there is. */
    gtk_widget_set_visible (GTK_WIDGET (self->buttons_box), any_button && self->hasty_unit < 0);
  }
}

/* The phase part */

static void
update_phase (EditorUnitActions *self,
              SandGame          *game,
              gboolean          *shown)
{
  SandRuleset *ruleset = game_ruleset (game);
  int side = sand_game_get_side (game);
  int phase = sand_game_get_phase (game);
  gboolean over = sand_game_is_over (game) ||
                  editor_playtest_get_screen_hidden (self->playtest);
  gboolean reinforcement = !over && phase_is (game, "reinforcement");
  gboolean movement = !over && phase_is (game, "movement");
  g_autoptr(GArray) dummies = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) withholdable = g_array_new (FALSE, FALSE, sizeof (int));
  int reserve = 0;
  gboolean any = FALSE;
  /* LFAF 10: the German player's one reconnaissance marker, placed in his
   * Rally Phase. */
  gboolean recon = !over && phase_is (game, "rally") &&
                   side == sand_ruleset_find_side (ruleset, "german") &&
                   !marker_placed (game, "recon") &&
                   editor_playtest_has_command (self->playtest, "recon");
  gboolean plan_j = !over && plan_j_owed (game);

  for (guint u = 0; u < sand_game_n_units (game) && !over; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);

      if (st->side != side)
        continue;
      if (st->status == SAND_UNIT_RESERVE)
        reserve++;
      if (reinforcement && (st->flags & SAND_UNIT_DUMMY) && st->status == SAND_UNIT_ELIMINATED)
        g_array_append_val (dummies, u);
      /* Variable Orders of Battle: the engine withholds any reinforcement
       * still to come, but the decision falls when it is due: those that
       * arrived this turn where they entered and have not moved, and those
       * due now that could not enter. Later ones are listed when due. */
      if ((reinforcement || movement) && game_option (game, "variable-oob") &&
          ((st->status == SAND_UNIT_WAITING && st->arrive_turn <= sand_game_get_turn (game)) ||
           (st->status == SAND_UNIT_ON_MAP && st->arrive_turn == sand_game_get_turn (game) &&
            st->arrive_hex == st->hex && !(st->flags & SAND_UNIT_MOVED))))
        g_array_append_val (withholdable, u);
    }
  if (!game_option (game, "standard"))
    g_array_set_size (dummies, 0);

  set_choices (self, self->dummy_dropdown, self->dummies, dummies, FALSE);
  set_choices (self, self->withhold_dropdown, self->withholdable, withholdable, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->dummy_box), dummies->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->withhold_box), withholdable->len > 0);
  any |= dummies->len > 0 || withholdable->len > 0;

  /* A just-arrived reinforcement selected is the one to withhold. */
  {
    int selected = editor_playtest_get_selected (self->playtest);

    for (guint i = 0; i < self->withholdable->len; i++)
      if (g_array_index (self->withholdable, int, i) == selected &&
          gtk_drop_down_get_selected (self->withhold_dropdown) != i)
        gtk_drop_down_set_selected (self->withhold_dropdown, i);
  }

  /* Where (and so whether) a new EB may come in now is the rules' to say
   * (FPW EB Units (A)); the pick tints the same hexes. */
  g_array_set_size (self->reserve_hexes, 0);
  if (movement && reserve > 0)
    sand_game_reserve_hexes (game, side, self->reserve_hexes);
  gtk_widget_set_visible (GTK_WIDGET (self->reserve_button), self->reserve_hexes->len > 0);
  /* The German reserve is as many EBs as they wish (EB Units (A)): a count
   * says something only when a scenario sets a small limit. */
  if (reserve > 0 && reserve <= 6)
    {
      /* Translators: bring in a new EB unit; how many are left. */
      g_autofree char *label = g_strdup_printf (_("Bring In an E_B Unit… (%d left)"), reserve);
      set_button_label (self->reserve_button, label);
    }
  else
    set_button_label (self->reserve_button, _("Bring In an E_B Unit…"));
  any |= self->reserve_hexes->len > 0;
  gtk_widget_set_visible (GTK_WIDGET (self->recon_button), recon);
  any |= recon;

  gtk_widget_set_visible (GTK_WIDGET (self->phase_notice_label), plan_j);
  if (plan_j)
    gtk_label_set_label (self->phase_notice_label,
                         _("The French hold eighteen Combat Points east of the Rhine: select a "
                           "German combat unit and remove it (Variable Orders of Battle (J))."));
  any |= plan_j;

  if (any && phase >= 0 && (guint) phase < sand_ruleset_n_phases (ruleset))
    {
      const char *name = sand_ruleset_phase_label (ruleset, phase);
      /* Translators: the heading of what the phase offers; %s is the
       * ruleset's name of the phase (msgctxt "phase"), e.g.
       * "Phase: Reinforcement". */
      g_autofree char *heading = g_strdup_printf (_("Phase: %s"), name);

      gtk_label_set_label (self->phase_label, heading);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->phase_box), any);
  *shown |= any;
}

static void
update (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  const char *prompt;
  gboolean shown = FALSE;
  int selected;

  if (game == NULL)
    {
      end_hasty (self);
      show_result (self, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  selected = editor_playtest_get_selected (self->playtest);
  if (editor_playtest_get_screen_hidden (self->playtest))
    selected = -1;
  /* A hasty attack set up for another unit, or after the game moved on,
   * is given up. */
  if (self->hasty_unit >= 0 &&
      (self->hasty_unit != selected || !phase_is (game, "movement") ||
       sand_game_get_unit (game, self->hasty_unit)->status != SAND_UNIT_ON_MAP))
    end_hasty (self);

  update_unit (self, game, selected, &shown);
  update_phase (self, game, &shown);

  prompt = editor_playtest_get_pick_prompt (self->playtest);
  gtk_label_set_label (self->pick_label, prompt ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->pick_box), prompt != NULL);
  shown |= prompt != NULL || self->hasty_unit >= 0;

  gtk_toggle_button_set_active (self->probe_button, editor_playtest_get_probe (self->playtest));
  if (self->hasty_unit >= 0)
    update_halved (self);
  /* a rolled hasty attack's Losses step (a Combat Phase attack's is the
   * attack panel's) */
  {
    const SandPendingAttack *p = sand_game_get_pending_attack (game);
    gboolean hasty = p != NULL && p->hasty_points > 0;

    if (hasty)
      editor_combat_choices_refresh (self->choices);
    else
      gtk_widget_set_visible (GTK_WIDGET (self->choices), FALSE);
    shown |= hasty;
  }
  shown |= gtk_widget_get_visible (GTK_WIDGET (self->result_label)) && selected >= 0;
  gtk_widget_set_visible (GTK_WIDGET (self), shown);
}

/* Actions */

static const char *
selected_id (EditorUnitActions *self,
             int               *unit)
{
  SandGame *game = editor_playtest_get_game (self->playtest);

  *unit = editor_playtest_get_selected (self->playtest);
  if (game == NULL || *unit < 0)
    return NULL;
  return sand_game_get_counter (game, *unit)->id;
}

static void
probe_toggled_cb (EditorUnitActions *self)
{
  gboolean active = gtk_toggle_button_get_active (self->probe_button);

  if (active != editor_playtest_get_probe (self->playtest))
    editor_playtest_set_probe (self->playtest, active);
}

static void
hasty_picked (EditorPlaytest *playtest,
              int             hex,
              gpointer        data)
{
  EditorUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = editor_playtest_get_selected (playtest);
  int viewer = editor_playtest_get_viewer (playtest);
  g_autofree char *id = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  int strength;

  if (game == NULL || unit < 0)
    return;
  id = hex_label (game, hex);
  sand_game_units_at (game, hex, units);
  for (guint i = 0; i < units->len; i++)
    {
      int u = g_array_index (units, int, i);
      g_autofree char *name = NULL;

      if (sand_game_get_unit (game, u)->side == sand_game_get_unit (game, unit)->side)
        continue;
      name = unit_label (game, u, viewer);
      g_string_append_printf (names, "%s%s", names->len ? ", " : "", name);
    }
  if (names->len == 0 && sand_game_fort_strength (game, hex) <= 0)
    {
      /* Nothing to set points against: say so at once, not after. */
      g_autoptr(GError) error = NULL;

      /* Translators: a hasty attack aimed at a hex without enemies. */
      g_set_error (&error, SAND_GAME_ERROR, SAND_GAME_ERROR_INVALID,
                   _("There is no enemy unit on %s to attack."), id);
      refused (self, error);
      return;
    }
  self->hasty_unit = unit;
  self->hasty_hex = hex;
  /* Translators: the hex a hasty attack goes to and, on the next line,
   * who holds it. */
  title = names->len ? g_strdup_printf (_("Hasty attack on %s\n%s"), id, names->str)
                     : g_strdup_printf (_("Hasty attack on %s"), id);
  gtk_label_set_label (self->hasty_label, title);
  strength = MAX (1, sand_game_get_unit (game, unit)->strength);
  gtk_adjustment_configure (self->points_adjustment, strength, 1, strength, 1, 2, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->hasty_box), TRUE);
  show_result (self, NULL);
  update_halved (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->points_spin));
}

static void
hasty_cb (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int unit = editor_playtest_get_selected (self->playtest);
  g_autoptr(GArray) adjacent = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *name = NULL;
  g_autofree char *prompt = NULL;
  const SandUnitState *st;

  if (game == NULL || unit < 0)
    return;
  st = sand_game_get_unit (game, unit);
  enemy_hexes_near (game, st->hex, 1, st->side, adjacent);
  name = unit_label (game, unit, editor_playtest_get_viewer (self->playtest));
  /* Translators: picking the target of a hasty attack on the map. */
  prompt = g_strdup_printf (_("Click the enemy hex next to %s to attack"), name);
  end_hasty (self);
  show_result (self, NULL);
  editor_playtest_begin_pick (self->playtest, prompt, (const int *) (gpointer) adjacent->data,
                              adjacent->len, hasty_picked, self, NULL);
}

/* The words after "@key " in a log note ("odds 1-3, roll 2, …"), or NULL. */
static char *
note_value (const char *note,
            const char *key)
{
  g_autofree char *needle = g_strdup_printf ("%s ", key);
  const char *p = note;

  while ((p = strstr (p, needle)) != NULL)
    {
      if (p == note || (p >= note + 2 && p[-1] == ' ' && p[-2] == ','))
        {
          p += strlen (needle);
          return g_strndup (p, strcspn (p, ","));
        }
      p++;
    }
  return NULL;
}

/* What a hasty attack did, from the state before and after. */
static void
describe_hasty (EditorUnitActions *self,
                int                unit,
                int                hex,
                GArray            *defenders,
                int                strength_before,
                const char        *hex_id)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int viewer = editor_playtest_get_viewer (self->playtest);
  const SandUnitState *st = sand_game_get_unit (game, unit);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *name = unit_label (game, unit, viewer);
  g_autofree char *note = last_note (self);
  gboolean only_dummies = defenders->len > 0;

  for (guint i = 0; i < defenders->len; i++)
    {
      const SandUnitState *d = sand_game_get_unit (game, g_array_index (defenders, int, i));
      only_dummies &= (d->flags & SAND_UNIT_DUMMY) && d->status == SAND_UNIT_ELIMINATED;
    }
  /* The rules roll no die when only dummies (and no fortification) held
   * the hex (Sequence of Play (2)). */
  if (only_dummies && sand_game_fort_strength (game, hex) <= 0)
    {
      /* Translators: a hasty attack found only dummy counters. */
      g_string_printf (text, _("Only dummies held %s: they are removed."), hex_id);
      if (st->status == SAND_UNIT_ON_MAP && !(st->flags & SAND_UNIT_STOPPED))
        g_string_append_printf (text, " %s", _("The unit may move on (Sequence of Play (3))."));
      else
        g_string_append_printf (text, " %s",
                                _("Real enemy units still control its hex: it stays."));
    }
  else
    {
      g_autofree char *odds = note_value (note, "odds");
      g_autofree char *roll = note_value (note, "roll");
      g_autofree char *result = note_value (note, "result");
      int lost = strength_before - (st->status == SAND_UNIT_ON_MAP ? st->strength : 0);

      if (odds != NULL && roll != NULL && result != NULL)
        /* Translators: a hasty attack's odds, die and table result, e.g.
         * "Odds 1-3, die 2: 2/0." */
        g_string_append_printf (text, _("Odds %s, die %s: %s."), odds, roll, result);
      else
        g_string_append (text, *note ? note : _("The hasty attack is made."));
      if (lost > 0)
        {
          g_string_append_c (text, ' ');
          /* Translators: what the unit that made a hasty attack lost. */
          g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                     "%s loses %d Combat Point.",
                                                     "%s loses %d Combat Points.", lost),
                                  name, lost);
        }
      for (guint i = 0; i < defenders->len; i++)
        {
          int d = g_array_index (defenders, int, i);
          g_autofree char *dname = NULL;

          if (sand_game_get_unit (game, d)->status != SAND_UNIT_ELIMINATED)
            continue;
          dname = unit_label (game, d, viewer);
          g_string_append_c (text, ' ');
          g_string_append_printf (text, (sand_game_get_unit (game, d)->flags & SAND_UNIT_DUMMY)
                                        /* Translators: a defender a hasty attack removed. */
                                        ? _("%s was a dummy.") : _("%s is eliminated."), dname);
        }
      if (st->status != SAND_UNIT_ON_MAP)
        g_string_append_printf (text, "\n%s", _("The attacking unit is eliminated."));
      else
        {
          /* Translators: the unit that made a hasty attack on real units. */
          g_string_append_printf (text, "\n");
          g_string_append_printf (text, _("%s stops (Sequence of Play (2))."), name);
          if (st->flags & SAND_UNIT_NO_COMBAT)
            g_string_append_printf (text, " %s",
                                    _("It may not attack in the Combat Phase (errata)."));
        }
    }
  show_result (self, text->str);
}

/* Whether a rolled attack leaves a loss to spread: a side owing some
 * with more than one way to take it (Unit Reduction (A)). */
static gboolean
loss_to_choose (const SandPendingAttack *p)
{
  for (int s = 0; s < 2; s++)
    if (p->loss[s].owed > 0
        && p->loss[s].units->len + (p->loss[s].fort_limit > 0 ? 1 : 0) > 1)
      return TRUE;
  return FALSE;
}

/* The hasty attack is settled: say what it did. */
static void
hasty_settled (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int unit = self->rolled_unit;

  self->rolled_unit = -1;
  if (game != NULL && unit >= 0)
    {
      g_autofree char *hex = hex_label (game, self->rolled_hex);
      describe_hasty (self, unit, self->rolled_hex, self->rolled_defenders,
                      self->rolled_strength, hex);
    }
  update (self);
}

/* Rolls the die; where the result leaves the owners a loss to spread the
 * Losses step shows (EditorCombatChoices), else it settles at once. */
static void
hasty_attack_cb (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autoptr(GError) error = NULL;
  const SandPendingAttack *p;
  SandAttackResult result = { 0 };
  int unit = self->hasty_unit;
  int target = self->hasty_hex;

  if (game == NULL || unit < 0 || target < 0)
    return;
  g_array_set_size (self->rolled_defenders, 0);
  sand_game_units_at (game, target, self->rolled_defenders);
  self->rolled_strength = sand_game_get_unit (game, unit)->strength;
  self->rolled_hex = target;
  self->rolled_unit = unit;
  if (!editor_playtest_roll_hasty (self->playtest, target, unit,
                                   gtk_spin_button_get_value_as_int (self->points_spin), &error))
    {
      self->rolled_unit = -1;
      refused (self, error);
      return;
    }
  end_hasty (self);
  p = sand_game_get_pending_attack (game);
  if (p != NULL && loss_to_choose (p))
    {
      show_result (self, NULL);
      update (self);
      return;
    }
  if (!editor_playtest_settle_attack (self->playtest, NULL, &result, &error))
    {
      refused (self, error);
      return;
    }
  sand_attack_result_clear (&result);
  hasty_settled (self);
}

static void
hasty_cancel_cb (EditorUnitActions *self)
{
  end_hasty (self);
  update (self);
}

static void
challenge_picked (EditorPlaytest *playtest,
                  int             hex,
                  gpointer        data)
{
  EditorUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = editor_playtest_get_selected (playtest);
  g_autofree char *id = NULL;
  const SandUnitState *st;

  if (game == NULL || unit < 0)
    return;
  id = hex_label (game, hex);
  if (!play (self, new_action (game, "challenge", unit, hex)))
    return;
  st = sand_game_get_unit (game, unit);
  if (st->flags & SAND_UNIT_STOPPED)
    {
      /* Translators: a challenge's answer; the hex challenged. */
      g_autofree char *text = g_strdup_printf (_("Units on %s are extended: the unit stops, "
                                                 "and may not make a hasty attack."), id);
      show_result (self, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("Units on %s are concentrated: they have no "
                                                 "zone of control; the unit moves on."), id);
      show_result (self, text);
    }
}

static void
challenge_cb (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int unit = editor_playtest_get_selected (self->playtest);
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *name = NULL;
  g_autofree char *prompt = NULL;
  const SandUnitState *st;

  if (game == NULL || unit < 0)
    return;
  st = sand_game_get_unit (game, unit);
  enemy_hexes_near (game, st->hex, 2, st->side, near);
  name = unit_label (game, unit, editor_playtest_get_viewer (self->playtest));
  /* Translators: picking the hex whose formation a unit challenges. */
  prompt = g_strdup_printf (_("Click the enemy hex %s challenges"), name);
  show_result (self, NULL);
  editor_playtest_begin_pick (self->playtest, prompt, (const int *) (gpointer) near->data,
                              near->len, challenge_picked, self, NULL);
}

static void
formation_cb (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int unit;
  const char *id = selected_id (self, &unit);
  const char *now;
  const char *want;
  SandAction *action;
  g_autofree char *text = NULL;

  if (id == NULL)
    return;
  now = sand_game_unit_formation_for (game, unit, sand_game_get_unit (game, unit)->side);
  want = g_strcmp0 (now, "extended") == 0 ? "concentrated" : "extended";
  action = new_action (game, "formation", unit, SAND_HEX_NONE);
  action->word = g_intern_static_string (want);
  if (!play (self, action))
    return;
  text = g_strdup_printf (g_str_equal (want, "extended") ? _("Now extended; %d MP left.")
                                                         : _("Now concentrated; %d MP left."),
                          sand_game_unit_mp_left (game, unit));
  show_result (self, text);
}

static void
entrain_cb (EditorUnitActions *self,
            GtkButton         *button)
{
  g_autoptr(GError) error = NULL;

  show_result (self, NULL);
  if (!editor_playtest_entrain (self->playtest, button == self->entrain_button, &error))
    refused (self, error);
}

/* A command naming the selected unit: "rally ID", "exit ID"… */
static void
unit_command (EditorUnitActions *self,
              const char        *command,
              const char        *done_text)
{
  int unit;
  const char *id = selected_id (self, &unit);
  g_autofree char *note = NULL;

  if (id == NULL)
    return;
  if (!play (self, new_action (editor_playtest_get_game (self->playtest), command, unit,
                               SAND_HEX_NONE)))
    return;
  note = last_note (self);
  if (*note != '\0' && done_text == NULL)
    show_result (self, note);
  else
    show_result (self, done_text);
}

static void
rally_cb (EditorUnitActions *self)
{
  unit_command (self, "rally", NULL);
}

static void
surplus_cb (EditorUnitActions *self)
{
  unit_command (self, "surplus",
                _("Picked: it goes first if its hex is still over the stacking limit at the end "
                  "of the phase (LFAF 4.4)."));
}

static void
exit_cb (EditorUnitActions *self)
{
  unit_command (self, "exit", _("The unit left the map by the west edge."));
}

static void
remove_cb (EditorUnitActions *self)
{
  unit_command (self, "remove", _("The unit is removed from play, for no Victory Points."));
}

static void
done_cb (EditorUnitActions *self)
{
  unit_command (self, "done", _("Its movement is over for this phase."));
}

static void
dummy_picked (EditorPlaytest *playtest,
              int             hex,
              gpointer        data)
{
  EditorUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = chosen (self->dummy_dropdown, self->dummies);
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;

  if (game == NULL || unit < 0)
    return;
  id = hex_label (game, hex);
  if (!play (self, new_action (game, "dummy", unit, hex)))
    return;
  /* Translators: a dummy counter put back on the map, face down. */
  text = g_strdup_printf (_("The dummy is back on %s, face down."), id);
  show_result (self, text);
}

static void
dummy_cb (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autoptr(GArray) friendly = g_array_new (FALSE, FALSE, sizeof (int));
  int side;

  if (game == NULL || chosen (self->dummy_dropdown, self->dummies) < 0)
    return;
  side = sand_game_get_side (game);
  for (guint u = 0; u < sand_game_n_units (game); u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);
      gboolean listed = FALSE;

      if (st->status != SAND_UNIT_ON_MAP || st->side != side)
        continue;
      for (guint i = 0; i < friendly->len && !listed; i++)
        listed = g_array_index (friendly, int, i) == st->hex;
      if (!listed)
        g_array_append_val (friendly, st->hex);
    }
  show_result (self, NULL);
  editor_playtest_begin_pick (self->playtest,
                              _("Click a hex with a friendly unit for the dummy"),
                              (const int *) (gpointer) friendly->data, friendly->len,
                              dummy_picked, self, NULL);
}

static void
withhold_cb (EditorUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  int unit = chosen (self->withhold_dropdown, self->withholdable);
  g_autofree char *text = NULL;

  if (game == NULL || unit < 0)
    return;
  if (!play (self, new_action (game, "withhold", unit, SAND_HEX_NONE)))
    return;
  /* Translators: a withheld reinforcement and the turn it now arrives. */
  text = g_strdup_printf (_("It now arrives on turn %d."),
                          sand_game_get_unit (game, unit)->arrive_turn);
  show_result (self, text);
}

static void
reserve_picked (EditorPlaytest *playtest,
                int             hex,
                gpointer        data)
{
  EditorUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  SandAction *action;

  if (game == NULL)
    return;
  id = hex_label (game, hex);
  action = sand_action_new_kind (SAND_ACTION_RESERVE);
  action->side = sand_game_get_side (game);
  action->hex = hex;
  if (!play (self, action))
    return;
  /* Translators: a new EB unit brought into play. */
  text = g_strdup_printf (_("A new EB unit is on %s."), id);
  show_result (self, text);
}

static void
reserve_cb (EditorUnitActions *self)
{
  show_result (self, NULL);
  editor_playtest_begin_pick (self->playtest,
                              _("Click an uncut home rail hex, or an EB unit on a secured line"),
                              (const int *) (gpointer) self->reserve_hexes->data,
                              self->reserve_hexes->len, reserve_picked, self, NULL);
}

static void
recon_picked (EditorPlaytest *playtest,
              int             hex,
              gpointer        data)
{
  EditorUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  g_autofree char *note = NULL;

  if (game == NULL)
    return;
  if (!play (self, new_action (game, "recon", -1, hex)))
    return;
  note = last_note (self);
  show_result (self, note);
}

static void
recon_cb (EditorUnitActions *self)
{
  show_result (self, NULL);
  editor_playtest_begin_pick (self->playtest, _("Click the hex to reconnoitre"), NULL, 0,
                              recon_picked, self, NULL);
}

static void
pick_cancel_cb (EditorUnitActions *self)
{
  editor_playtest_cancel_pick (self->playtest);
}

/* Public API */

GtkWidget *
editor_unit_actions_get_button (EditorUnitActions *self,
                                const char        *action)
{
  const struct { const char *name; gsize offset; } buttons[] = {
    { "probe", G_STRUCT_OFFSET (EditorUnitActions, probe_button) },
    { "hasty", G_STRUCT_OFFSET (EditorUnitActions, hasty_button) },
    { "hasty-attack", G_STRUCT_OFFSET (EditorUnitActions, hasty_attack_button) },
    { "surplus", G_STRUCT_OFFSET (EditorUnitActions, surplus_button) },
    { "challenge", G_STRUCT_OFFSET (EditorUnitActions, challenge_button) },
    { "formation", G_STRUCT_OFFSET (EditorUnitActions, formation_button) },
    { "entrain", G_STRUCT_OFFSET (EditorUnitActions, entrain_button) },
    { "detrain", G_STRUCT_OFFSET (EditorUnitActions, detrain_button) },
    { "rally", G_STRUCT_OFFSET (EditorUnitActions, rally_button) },
    { "exit", G_STRUCT_OFFSET (EditorUnitActions, exit_button) },
    { "remove", G_STRUCT_OFFSET (EditorUnitActions, remove_button) },
    { "done", G_STRUCT_OFFSET (EditorUnitActions, done_button) },
    { "dummy", G_STRUCT_OFFSET (EditorUnitActions, dummy_button) },
    { "withhold", G_STRUCT_OFFSET (EditorUnitActions, withhold_button) },
    { "reserve", G_STRUCT_OFFSET (EditorUnitActions, reserve_button) },
    { "recon", G_STRUCT_OFFSET (EditorUnitActions, recon_button) },
  };

  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    if (g_str_equal (buttons[i].name, action))
      return G_STRUCT_MEMBER (GtkWidget *, self, buttons[i].offset);
  return NULL;
}

GtkSpinButton *
editor_unit_actions_get_points (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return self->points_spin;
}

GtkDropDown *
editor_unit_actions_get_dummy_choice (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return self->dummy_dropdown;
}

GArray *
editor_unit_actions_get_dummies (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return self->dummies;
}

GtkDropDown *
editor_unit_actions_get_withhold_choice (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return self->withhold_dropdown;
}

GArray *
editor_unit_actions_get_withholdable (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return self->withholdable;
}

const char *
editor_unit_actions_get_result (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return gtk_label_get_label (self->result_label);
}

const char *
editor_unit_actions_get_halved (EditorUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_UNIT_ACTIONS (self), NULL);
  return gtk_label_get_label (self->halved_label);
}

GtkWidget *
editor_unit_actions_new (EditorPlaytest *playtest)
{
  EditorUnitActions *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_UNIT_ACTIONS, NULL);
  self->playtest = playtest;
  editor_combat_choices_set_playtest (self->choices, playtest);
  g_signal_connect_object (playtest, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  return GTK_WIDGET (self);
}

/* GObject */

static void
editor_unit_actions_dispose (GObject *object)
{
  EditorUnitActions *self = (EditorUnitActions *) object;

  /* A pick still waiting would call back into this widget. */
  if (self->playtest != NULL && editor_playtest_get_pick_prompt (self->playtest) != NULL)
    editor_playtest_cancel_pick (self->playtest);
  self->playtest = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_UNIT_ACTIONS);
  /* The template's root has no id, so dispose_template leaves it. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  G_OBJECT_CLASS (editor_unit_actions_parent_class)->dispose (object);
}

static void
editor_unit_actions_finalize (GObject *object)
{
  EditorUnitActions *self = (EditorUnitActions *) object;

  g_clear_pointer (&self->dummies, g_array_unref);
  g_clear_pointer (&self->withholdable, g_array_unref);
  g_clear_pointer (&self->reserve_hexes, g_array_unref);
  g_clear_pointer (&self->rolled_defenders, g_array_unref);
  G_OBJECT_CLASS (editor_unit_actions_parent_class)->finalize (object);
}

static void
editor_unit_actions_class_init (EditorUnitActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_unit_actions_dispose;
  object_class->finalize = editor_unit_actions_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "unitactions");
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-unit-actions.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, EditorUnitActions, name)
  BIND (title_label);
  BIND (detail_label);
  BIND (notice_label);
  BIND (unit_box);
  BIND (buttons_box);
  BIND (probe_button);
  BIND (hasty_button);
  BIND (challenge_button);
  BIND (formation_button);
  BIND (entrain_button);
  BIND (detrain_button);
  BIND (rally_button);
  BIND (exit_button);
  BIND (remove_button);
  BIND (done_button);
  BIND (hasty_box);
  BIND (hasty_label);
  BIND (points_spin);
  BIND (points_adjustment);
  BIND (halved_label);
  BIND (hasty_cancel_button);
  BIND (hasty_attack_button);
  BIND (pick_box);
  BIND (pick_label);
  BIND (pick_cancel_button);
  BIND (phase_box);
  BIND (phase_label);
  BIND (phase_notice_label);
  BIND (dummy_box);
  BIND (dummy_dropdown);
  BIND (dummy_button);
  BIND (withhold_box);
  BIND (withhold_dropdown);
  BIND (withhold_button);
  BIND (reserve_button);
  BIND (recon_button);
  BIND (result_label);
#undef BIND
}

static void
editor_unit_actions_init (EditorUnitActions *self)
{
  self->hasty_unit = self->hasty_hex = -1;
  self->dummies = g_array_new (FALSE, FALSE, sizeof (int));
  self->withholdable = g_array_new (FALSE, FALSE, sizeof (int));
  self->reserve_hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The Losses step of a hasty attack, below its set-up */
  self->rolled_unit = -1;
  self->rolled_defenders = g_array_new (FALSE, FALSE, sizeof (int));
  self->choices = EDITOR_COMBAT_CHOICES (editor_combat_choices_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->choices), FALSE);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->hasty_box))),
                              GTK_WIDGET (self->choices), GTK_WIDGET (self->hasty_box));
  g_signal_connect_swapped (self->choices, "settled", G_CALLBACK (hasty_settled), self);
  /* LFAF 4.4: the owner's pick of an overstacked hex's surplus */
  self->surplus_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("Eliminate _First")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->surplus_button),
                               _("LFAF 4.4: if this hex is still over the stacking limit at the "
                                 "end of the Movement Phase, this unit is eliminated first"));
  gtk_widget_set_visible (GTK_WIDGET (self->surplus_button), FALSE);
  gtk_box_append (self->buttons_box, GTK_WIDGET (self->surplus_button));
  g_signal_connect_swapped (self->surplus_button, "clicked", G_CALLBACK (surplus_cb), self);
  set_factories (self->dummy_dropdown);
  set_factories (self->withhold_dropdown);

  g_signal_connect_swapped (self->probe_button, "toggled", G_CALLBACK (probe_toggled_cb), self);
  g_signal_connect_swapped (self->hasty_button, "clicked", G_CALLBACK (hasty_cb), self);
  g_signal_connect_swapped (self->hasty_attack_button, "clicked",
                            G_CALLBACK (hasty_attack_cb), self);
  g_signal_connect_swapped (self->hasty_cancel_button, "clicked",
                            G_CALLBACK (hasty_cancel_cb), self);
  g_signal_connect_swapped (self->points_spin, "value-changed", G_CALLBACK (update_halved), self);
  /* Enter in the points rolls the attack, as the keyboard player expects
   * (GTK 4.8's spin button has no "activate" of its own: its text does). */
  {
    GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (self->points_spin));

    if (GTK_IS_TEXT (text))
      g_signal_connect_swapped (text, "activate", G_CALLBACK (hasty_attack_cb), self);
  }
  g_signal_connect_swapped (self->challenge_button, "clicked", G_CALLBACK (challenge_cb), self);
  g_signal_connect_swapped (self->formation_button, "clicked", G_CALLBACK (formation_cb), self);
  g_signal_connect_swapped (self->entrain_button, "clicked", G_CALLBACK (entrain_cb), self);
  g_signal_connect_swapped (self->detrain_button, "clicked", G_CALLBACK (entrain_cb), self);
  g_signal_connect_swapped (self->rally_button, "clicked", G_CALLBACK (rally_cb), self);
  g_signal_connect_swapped (self->exit_button, "clicked", G_CALLBACK (exit_cb), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (remove_cb), self);
  g_signal_connect_swapped (self->done_button, "clicked", G_CALLBACK (done_cb), self);
  g_signal_connect_swapped (self->dummy_button, "clicked", G_CALLBACK (dummy_cb), self);
  g_signal_connect_swapped (self->withhold_button, "clicked", G_CALLBACK (withhold_cb), self);
  g_signal_connect_swapped (self->reserve_button, "clicked", G_CALLBACK (reserve_cb), self);
  g_signal_connect_swapped (self->recon_button, "clicked", G_CALLBACK (recon_cb), self);
  g_signal_connect_swapped (self->pick_cancel_button, "clicked", G_CALLBACK (pick_cancel_cb),
                            self);
}
