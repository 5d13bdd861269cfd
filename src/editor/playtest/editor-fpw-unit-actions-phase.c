/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FPW's actions for the phase rather than a unit: a dummy the enemy
 * revealed returned face down, a reinforcement withheld (Variable Orders
 * of Battle), a new German EB unit brought in, and Plan J's notice. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-fpw-unit-actions-private.h"
#include "sand-ruleset-labels.h"

#define SECTION(self) EDITOR_UNIT_ACTIONS (self)
#define PLAYTEST(self) editor_unit_actions_get_playtest (EDITOR_UNIT_ACTIONS (self))

/* Plan J's removal is owed while the rules module keeps this game marker. */
#define PLAN_J_MARKER "plan-j-removal"

static gboolean
marker_placed (SandGame   *game,
               const char *kind)
{
  for (guint i = 0; i < sand_game_n_markers (game); i++)
    if (g_strcmp0 (sand_game_get_marker (game, i)->kind, kind) == 0)
      return TRUE;
  return FALSE;
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
set_choices (EditorFpwUnitActions *self,
             GtkDropDown          *dropdown,
             GArray               *listed,
             GArray               *units,
             gboolean              with_turn)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
  int viewer = editor_playtest_get_viewer (PLAYTEST (self));
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
      g_autofree char *name = editor_unit_label_full (game, u, viewer);

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

/* The phase part */

gboolean
_editor_fpw_unit_actions_phase_update (EditorFpwUnitActions *self,
              SandGame             *game)
{
  EditorPlaytest *playtest = PLAYTEST (self);
  SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  int side = sand_game_get_side (game);
  int phase = sand_game_get_phase (game);
  gboolean over = sand_game_is_over (game) || editor_playtest_get_screen_hidden (playtest);
  g_autoptr(GArray) dummies = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) withholdable = g_array_new (FALSE, FALSE, sizeof (int));
  gboolean plan_j = !over && marker_placed (game, PLAN_J_MARKER);
  int reserve = 0;
  gboolean any = FALSE;

  /* While a side sets up, the first phase's actions are not its own: the
   * card says how to set up instead. */
  if (sand_game_setup_side (game) >= 0)
    {
      g_array_set_size (self->reserve_hexes, 0);
      gtk_widget_set_visible (GTK_WIDGET (self->phase_box), FALSE);
      return FALSE;
    }

  for (guint u = 0; u < sand_game_n_units (game) && !over; u++)
    {
      const SandUnitState *st = sand_game_get_unit (game, u);

      if (st->side != side)
        continue;
      if (st->status == SAND_UNIT_RESERVE)
        reserve++;
      /* Standard Game Sequence of Play (A): what the engine offers. */
      if (sand_game_offers (game, "dummy", (int) u))
        g_array_append_val (dummies, u);
      /* Variable Orders of Battle: the engine withholds any reinforcement
       * still to come (its offer), but the decision falls when it is due:
       * those that arrived this turn where they entered and have not
       * moved, and those due now that could not enter. Later ones are
       * listed when due. */
      if (sand_game_offers (game, "withhold", (int) u) &&
          (st->status == SAND_UNIT_ON_MAP || st->arrive_turn <= sand_game_get_turn (game)))
        g_array_append_val (withholdable, u);
    }

  set_choices (self, self->dummy_dropdown, self->dummies, dummies, FALSE);
  set_choices (self, self->withhold_dropdown, self->withholdable, withholdable, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->dummy_box), dummies->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->withhold_box), withholdable->len > 0);
  any |= dummies->len > 0 || withholdable->len > 0;

  /* A just-arrived reinforcement selected is the one to withhold. */
  {
    int selected = editor_playtest_get_selected (playtest);

    for (guint i = 0; i < self->withholdable->len; i++)
      if (g_array_index (self->withholdable, int, i) == selected &&
          gtk_drop_down_get_selected (self->withhold_dropdown) != i)
        gtk_drop_down_set_selected (self->withhold_dropdown, i);
  }

  /* Whether a new EB may come in now is the engine's offer (EB Units (A));
   * where, the hexes the pick tints. */
  g_array_set_size (self->reserve_hexes, 0);
  if (editor_unit_actions_offer (SECTION (self), GTK_WIDGET (self->reserve_button), "reserve",
                                 -1, !over))
    sand_game_reserve_hexes (game, side, self->reserve_hexes);
  /* The German reserve is as many EBs as they wish (EB Units (A)): a count
   * says something only when a scenario sets a small limit. */
  if (reserve > 0 && reserve <= 6)
    {
      /* Translators: bring in a new EB unit; how many are left. */
      g_autofree char *label = g_strdup_printf (_("Bring In an E_B Unit… (%d left)"), reserve);
      editor_unit_actions_set_label (self->reserve_button, label);
    }
  else
    editor_unit_actions_set_label (self->reserve_button, _("Bring In an E_B Unit…"));
  any |= self->reserve_hexes->len > 0;

  gtk_widget_set_visible (GTK_WIDGET (self->phase_notice_label), plan_j);
  if (plan_j)
    gtk_label_set_label (self->phase_notice_label,
                         _("The French hold eighteen Combat Points east of the Rhine: select a "
                           "German combat unit and remove it (Variable Orders of Battle (J))."));
  any |= plan_j;

  if (any && phase >= 0 && (guint) phase < sand_ruleset_n_phases (ruleset))
    {
      /* Translators: the heading of what the phase offers; %s is the
       * ruleset's name of the phase (msgctxt "phase"), e.g.
       * "Phase: Reinforcement". */
      g_autofree char *heading = g_strdup_printf (_("Phase: %s"),
                                                  sand_ruleset_phase_label (ruleset, phase));

      gtk_label_set_label (self->phase_label, heading);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->phase_box), any);
  return any;
}

static void
dummy_picked (EditorPlaytest *playtest,
              int             hex,
              gpointer        data)
{
  EditorFpwUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = chosen (self->dummy_dropdown, self->dummies);
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;

  if (game == NULL || unit < 0)
    return;
  id = sand_grid_dup_id (sand_game_get_grid (game), hex);
  if (!editor_unit_actions_play (SECTION (self),
                                 editor_unit_actions_new_action (game, "dummy", unit, hex)))
    return;
  /* Translators: a dummy counter put back on the map, face down. */
  text = g_strdup_printf (_("The dummy is back on %s, face down."), id);
  editor_unit_actions_show_result (SECTION (self), text);
}

static void
dummy_cb (EditorFpwUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
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
  editor_unit_actions_show_result (SECTION (self), NULL);
  editor_playtest_begin_pick (PLAYTEST (self), _("Click a hex with a friendly unit for the dummy"),
                              (const int *) (gpointer) friendly->data, friendly->len,
                              dummy_picked, self, NULL);
}

static void
withhold_cb (EditorFpwUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
  int unit = chosen (self->withhold_dropdown, self->withholdable);
  g_autofree char *text = NULL;

  if (game == NULL || unit < 0)
    return;
  if (!editor_unit_actions_play (SECTION (self), editor_unit_actions_new_action (game, "withhold",
                                                                                unit,
                                                                                SAND_HEX_NONE)))
    return;
  /* Translators: a withheld reinforcement and the turn it now arrives. */
  text = g_strdup_printf (_("It now arrives on turn %d."),
                          sand_game_get_unit (game, unit)->arrive_turn);
  editor_unit_actions_show_result (SECTION (self), text);
}

static void
reserve_picked (EditorPlaytest *playtest,
                int             hex,
                gpointer        data)
{
  EditorFpwUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  SandAction *action;

  if (game == NULL)
    return;
  id = sand_grid_dup_id (sand_game_get_grid (game), hex);
  action = sand_action_new_kind (SAND_ACTION_RESERVE);
  action->side = sand_game_get_side (game);
  action->hex = hex;
  if (!editor_unit_actions_play (SECTION (self), action))
    return;
  /* Translators: a new EB unit brought into play. */
  text = g_strdup_printf (_("A new EB unit is on %s."), id);
  editor_unit_actions_show_result (SECTION (self), text);
}

static void
reserve_cb (EditorFpwUnitActions *self)
{
  editor_unit_actions_show_result (SECTION (self), NULL);
  editor_playtest_begin_pick (PLAYTEST (self),
                              _("Click an uncut home rail hex, or an EB unit on a secured line"),
                              (const int *) (gpointer) self->reserve_hexes->data,
                              self->reserve_hexes->len, reserve_picked, self, NULL);
}

void
_editor_fpw_unit_actions_phase_init (EditorFpwUnitActions *self)
{
  set_factories (self->dummy_dropdown);
  set_factories (self->withhold_dropdown);
  g_signal_connect_swapped (self->dummy_button, "clicked", G_CALLBACK (dummy_cb), self);
  g_signal_connect_swapped (self->withhold_button, "clicked", G_CALLBACK (withhold_cb), self);
  g_signal_connect_swapped (self->reserve_button, "clicked", G_CALLBACK (reserve_cb), self);
}
