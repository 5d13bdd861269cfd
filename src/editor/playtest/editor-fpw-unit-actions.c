/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "editor-fpw-unit-actions-private.h"
#include "editor-game-sentence.h"

G_DEFINE_FINAL_TYPE (EditorFpwUnitActions, editor_fpw_unit_actions, EDITOR_TYPE_UNIT_ACTIONS)

#define SECTION(self) EDITOR_UNIT_ACTIONS (self)
#define PLAYTEST(self) editor_unit_actions_get_playtest (EDITOR_UNIT_ACTIONS (self))

static SandRuleset *
game_ruleset (SandGame *game)
{
  return sand_scenario_get_ruleset (sand_game_get_scenario (game));
}

/* The unit part */

static void
update_formation_label (EditorFpwUnitActions *self,
                        SandGame             *game,
                        const char           *formation)
{
  int cost = sand_ruleset_param_int (game_ruleset (game), "formation-change-cost", 4);
  gboolean free_change = sand_game_before_play (game);
  g_autofree char *label = NULL;
  g_autofree char *tip = NULL;

  if (g_str_equal (formation, "extended"))
    label = free_change ? g_strdup (_("Co_ncentrate (free before play)"))
                        /* Translators: change formation, and its cost. */
                        : g_strdup_printf (_("Co_ncentrate (%d MP)"), cost);
  else
    label = free_change ? g_strdup (_("E_xtend (free before play)"))
                        : g_strdup_printf (_("E_xtend (%d MP)"), cost);
  editor_unit_actions_set_label (self->formation_button, label);
  tip = g_strdup_printf (_("Formation Status (A): changing formation costs %d MP, free "
                           "before play; extended units are halved in combat (C), only "
                           "concentrated ones move by rail (E)"), cost);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->formation_button), tip);
}

/* An action the engine offers the unit (sand_game_offers); with @explain
 * it also shows when not offered, greyed, the engine's refusal as its
 * tooltip. */
static gboolean
offer (EditorUnitActions *section,
       GtkButton         *button,
       const char        *name,
       int                unit,
       gboolean           explain)
{
  if (explain)
    return editor_unit_actions_offer_or_explain (section, GTK_WIDGET (button), name, unit, TRUE);
  return editor_unit_actions_offer (section, GTK_WIDGET (button), name, unit, TRUE);
}

/* The buttons: what the engine offers this unit now (sand_game_offers,
 * each rules module's offered hooks); the section keeps only what it
 * shows, labels and costs. */
static gboolean
update_unit (EditorFpwUnitActions *self,
             SandGame             *game,
             int                   unit)
{
  EditorUnitActions *section = SECTION (self);
  SandRuleset *ruleset = game_ruleset (game);
  const SandUnitState *st = sand_game_get_unit (game, unit);
  /* While a side sets up, it acts, and only on its set-up (its formations,
   * Formation Status): not the first phase's side to move. */
  int setting_up = sand_game_setup_side (game);
  int side = sand_game_acting_side (game);
  gboolean over = sand_game_is_over (game);
  gboolean play = !over && setting_up < 0;
  gboolean movement = _editor_fpw_phase_is (game, "movement") && play;
  gboolean standard = _editor_fpw_game_option (game, "standard");
  gboolean own = st->side == side;
  gboolean is_dummy = (st->flags & SAND_UNIT_DUMMY) != 0;
  gboolean mine = own && !over && st->status == SAND_UNIT_ON_MAP;
  gboolean real = mine && !is_dummy && st->strength > 0;
  gboolean done = (st->flags & SAND_UNIT_FINISHED) != 0;
  gboolean must = (st->flags & SAND_UNIT_MUST_PROBE) != 0;
  gboolean in_motion = mine && sand_game_unit_in_motion (game) == unit;
  const char *formation = sand_game_unit_formation_for (game, unit, side);
  gboolean any = FALSE;

  /* A probe is a move made another way (Zones of Control (E)). */
  any |= editor_unit_actions_offer (section, GTK_WIDGET (self->probe_button), "move", unit,
                                    standard && movement && !is_dummy && !done &&
                                    !(st->flags & (SAND_UNIT_STOPPED | SAND_UNIT_ENTRAINED)));
  /* Hasty Attacks (N), Formation Status: the target is picked after. */
  any |= offer (section, self->hasty_button, "hasty", unit, in_motion || must);
  if (must)
    gtk_widget_add_css_class (GTK_WIDGET (self->hasty_button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->hasty_button), "suggested-action");
  any |= offer (section, self->challenge_button, "challenge", unit, in_motion);
  /* In its Movement Phase a unit with a formation is told why it may not
   * change it (the MP it lacks, Formation Status (A)). */
  any |= offer (section, self->formation_button, "formation", unit,
                mine && formation != NULL && (movement || setting_up >= 0));
  if (formation != NULL)
    update_formation_label (self, game, formation);
  {
    /* Rail costs are the ruleset's (Terrain Effects Chart, with the errata). */
    g_autofree char *entrain = NULL;
    g_autofree char *detrain = NULL;

    /* Translators: put a unit on the rails, and what it costs. */
    entrain = g_strdup_printf (_("_Entrain (%d MP)"),
                               sand_ruleset_param_int (ruleset, "entrain-cost", 3));
    /* Translators: take a unit off the rails, and what it costs. */
    detrain = g_strdup_printf (_("De_train (%d MP)"),
                               sand_ruleset_param_int (ruleset, "detrain-cost", 2));
    editor_unit_actions_set_label (self->entrain_button, entrain);
    editor_unit_actions_set_label (self->detrain_button, detrain);
  }
  any |= editor_unit_actions_offer (section, GTK_WIDGET (self->entrain_button), "entrain", unit,
                                    play);
  any |= editor_unit_actions_offer (section, GTK_WIDGET (self->detrain_button), "detrain", unit,
                                    play);
  /* Who may leave by which edge is the rules' to say (FPW Victory
   * Conditions). */
  any |= editor_unit_actions_offer (section, GTK_WIDGET (self->exit_button), "exit", unit,
                                    real && play);
  any |= editor_unit_actions_offer (section, GTK_WIDGET (self->remove_button), "remove", unit,
                                    real && play);
  /* The unit in motion may end its move; when it may not (it owes a hasty
   * attack), the engine says why. Others may too, when offered. */
  if (standard && movement && in_motion)
    any |= editor_unit_actions_offer_or_explain (section, GTK_WIDGET (self->done_button), "done",
                                                 unit, TRUE);
  else
    any |= editor_unit_actions_offer (section, GTK_WIDGET (self->done_button), "done", unit,
                                      standard && play);
  /* While a hasty attack is set up, its own controls are all there is. */
  gtk_widget_set_visible (GTK_WIDGET (self->buttons_box), any && self->hasty_unit < 0);
  return any;
}

static gboolean
editor_fpw_unit_actions_update (EditorUnitActions *section,
                                SandGame          *game,
                                int                unit)
{
  EditorFpwUnitActions *self = EDITOR_FPW_UNIT_ACTIONS (section);
  gboolean shown = FALSE;

  shown |= _editor_fpw_unit_actions_hasty_update (self, game, unit);
  if (unit >= 0)
    shown |= update_unit (self, game, unit);
  else
    gtk_widget_set_visible (GTK_WIDGET (self->buttons_box), FALSE);
  shown |= _editor_fpw_unit_actions_phase_update (self, game);
  gtk_toggle_button_set_active (self->probe_button,
                                editor_playtest_get_probe (PLAYTEST (self)));
  return shown;
}

/* Actions */

static void
probe_toggled_cb (EditorFpwUnitActions *self)
{
  gboolean active = gtk_toggle_button_get_active (self->probe_button);

  if (active != editor_playtest_get_probe (PLAYTEST (self)))
    editor_playtest_set_probe (PLAYTEST (self), active);
}

static void
challenge_picked (EditorPlaytest *playtest,
                  int             hex,
                  gpointer        data)
{
  EditorFpwUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = editor_playtest_get_selected (playtest);
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;

  if (game == NULL || unit < 0)
    return;
  id = sand_grid_dup_id (sand_game_get_grid (game), hex);
  if (!editor_unit_actions_play (SECTION (self),
                                 editor_unit_actions_new_action (game, "challenge", unit, hex)))
    return;
  if (sand_game_get_unit (game, unit)->flags & SAND_UNIT_STOPPED)
    /* Translators: a challenge's answer; the hex challenged. */
    text = g_strdup_printf (_("Units on %s are extended: the unit stops, "
                              "and may not make a hasty attack."), id);
  else
    text = g_strdup_printf (_("Units on %s are concentrated: they have no "
                              "zone of control; the unit moves on."), id);
  editor_unit_actions_show_result (SECTION (self), text);
}

static void
challenge_cb (EditorFpwUnitActions *self)
{
  EditorPlaytest *playtest = PLAYTEST (self);
  SandGame *game = editor_playtest_get_game (playtest);
  int unit = editor_playtest_get_selected (playtest);
  g_autoptr(GArray) near = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *name = NULL;
  g_autofree char *prompt = NULL;
  const SandUnitState *st;

  if (game == NULL || unit < 0)
    return;
  st = sand_game_get_unit (game, unit);
  _editor_fpw_unit_actions_enemy_hexes (game, st->hex, 2, st->side, near);
  name = editor_game_unit_label (game, unit, editor_playtest_get_viewer (playtest));
  /* Translators: picking the hex whose formation a unit challenges. */
  prompt = g_strdup_printf (_("Click the enemy hex %s challenges"), name);
  editor_unit_actions_show_result (SECTION (self), NULL);
  editor_playtest_begin_pick (playtest, prompt, (const int *) (gpointer) near->data, near->len,
                              challenge_picked, self, NULL);
}

static void
formation_cb (EditorFpwUnitActions *self)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
  int unit = editor_playtest_get_selected (PLAYTEST (self));
  const char *want;
  SandAction *action;
  g_autofree char *text = NULL;

  if (game == NULL || unit < 0)
    return;
  want = g_strcmp0 (sand_game_unit_formation_for (game, unit,
                                                  sand_game_get_unit (game, unit)->side),
                    "extended") == 0 ? "concentrated" : "extended";
  action = editor_unit_actions_new_action (game, "formation", unit, SAND_HEX_NONE);
  action->word = g_intern_static_string (want);
  if (!editor_unit_actions_play (SECTION (self), action))
    return;
  text = g_strdup_printf (g_str_equal (want, "extended") ? _("Now extended; %d MP left.")
                                                         : _("Now concentrated; %d MP left."),
                          sand_game_unit_mp_left (game, unit));
  editor_unit_actions_show_result (SECTION (self), text);
}

/* An action of the selected unit alone: "entrain ID", "exit ID"… */
static void
unit_action (EditorFpwUnitActions *self,
             const char           *name,
             const char           *done_text)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
  int unit = editor_playtest_get_selected (PLAYTEST (self));

  if (game == NULL || unit < 0)
    return;
  editor_unit_actions_show_result (SECTION (self), NULL);
  if (editor_unit_actions_play (SECTION (self),
                                editor_unit_actions_new_action (game, name, unit, SAND_HEX_NONE)))
    editor_unit_actions_show_result (SECTION (self), done_text);
}

static void
entrain_cb (EditorFpwUnitActions *self,
            GtkButton            *button)
{
  unit_action (self, button == self->entrain_button ? "entrain" : "detrain", NULL);
}

static void
exit_cb (EditorFpwUnitActions *self)
{
  unit_action (self, "exit", _("The unit left the map by the west edge."));
}

static void
remove_cb (EditorFpwUnitActions *self)
{
  unit_action (self, "remove", _("The unit is removed from play, for no Victory Points."));
}

static void
done_cb (EditorFpwUnitActions *self)
{
  unit_action (self, "done", _("Its movement is over for this phase."));
}

/* Public API */

static GtkWidget *
editor_fpw_unit_actions_get_button (EditorUnitActions *section,
                                    const char        *action)
{
  static const struct { const char *name; gsize offset; } buttons[] = {
    { "probe", G_STRUCT_OFFSET (EditorFpwUnitActions, probe_button) },
    { "hasty", G_STRUCT_OFFSET (EditorFpwUnitActions, hasty_button) },
    { "hasty-attack", G_STRUCT_OFFSET (EditorFpwUnitActions, hasty_attack_button) },
    { "challenge", G_STRUCT_OFFSET (EditorFpwUnitActions, challenge_button) },
    { "formation", G_STRUCT_OFFSET (EditorFpwUnitActions, formation_button) },
    { "entrain", G_STRUCT_OFFSET (EditorFpwUnitActions, entrain_button) },
    { "detrain", G_STRUCT_OFFSET (EditorFpwUnitActions, detrain_button) },
    { "exit", G_STRUCT_OFFSET (EditorFpwUnitActions, exit_button) },
    { "remove", G_STRUCT_OFFSET (EditorFpwUnitActions, remove_button) },
    { "done", G_STRUCT_OFFSET (EditorFpwUnitActions, done_button) },
    { "dummy", G_STRUCT_OFFSET (EditorFpwUnitActions, dummy_button) },
    { "withhold", G_STRUCT_OFFSET (EditorFpwUnitActions, withhold_button) },
    { "reserve", G_STRUCT_OFFSET (EditorFpwUnitActions, reserve_button) },
  };

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    if (g_str_equal (buttons[i].name, action))
      return G_STRUCT_MEMBER (GtkWidget *, section, buttons[i].offset);
  return NULL;
}

static void
editor_fpw_unit_actions_reset (EditorUnitActions *section)
{
  _editor_fpw_unit_actions_end_hasty (EDITOR_FPW_UNIT_ACTIONS (section));
}

GtkSpinButton *
editor_fpw_unit_actions_get_points (EditorFpwUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_FPW_UNIT_ACTIONS (self), NULL);
  return self->points_spin;
}

const char *
editor_fpw_unit_actions_get_halved (EditorFpwUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_FPW_UNIT_ACTIONS (self), NULL);
  return gtk_label_get_label (self->halved_label);
}

GtkDropDown *
editor_fpw_unit_actions_get_dummy_choice (EditorFpwUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_FPW_UNIT_ACTIONS (self), NULL);
  return self->dummy_dropdown;
}

GArray *
editor_fpw_unit_actions_get_dummies (EditorFpwUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_FPW_UNIT_ACTIONS (self), NULL);
  return self->dummies;
}

GtkDropDown *
editor_fpw_unit_actions_get_withhold_choice (EditorFpwUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_FPW_UNIT_ACTIONS (self), NULL);
  return self->withhold_dropdown;
}

GArray *
editor_fpw_unit_actions_get_withholdable (EditorFpwUnitActions *self)
{
  g_return_val_if_fail (EDITOR_IS_FPW_UNIT_ACTIONS (self), NULL);
  return self->withholdable;
}

/* GObject */

static void
editor_fpw_unit_actions_constructed (GObject *object)
{
  EditorFpwUnitActions *self = EDITOR_FPW_UNIT_ACTIONS (object);

  G_OBJECT_CLASS (editor_fpw_unit_actions_parent_class)->constructed (object);
  editor_combat_choices_set_playtest (self->choices, PLAYTEST (self));
}

static void
editor_fpw_unit_actions_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), EDITOR_TYPE_FPW_UNIT_ACTIONS);
  G_OBJECT_CLASS (editor_fpw_unit_actions_parent_class)->dispose (object);
}

static void
editor_fpw_unit_actions_finalize (GObject *object)
{
  EditorFpwUnitActions *self = EDITOR_FPW_UNIT_ACTIONS (object);

  g_clear_pointer (&self->dummies, g_array_unref);
  g_clear_pointer (&self->withholdable, g_array_unref);
  g_clear_pointer (&self->reserve_hexes, g_array_unref);
  g_clear_pointer (&self->rolled_defenders, g_array_unref);
  G_OBJECT_CLASS (editor_fpw_unit_actions_parent_class)->finalize (object);
}

static void
editor_fpw_unit_actions_class_init (EditorFpwUnitActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  EditorUnitActionsClass *section_class = EDITOR_UNIT_ACTIONS_CLASS (klass);

  object_class->constructed = editor_fpw_unit_actions_constructed;
  object_class->dispose = editor_fpw_unit_actions_dispose;
  object_class->finalize = editor_fpw_unit_actions_finalize;
  section_class->update = editor_fpw_unit_actions_update;
  section_class->get_button = editor_fpw_unit_actions_get_button;
  section_class->reset = editor_fpw_unit_actions_reset;

  g_type_ensure (EDITOR_TYPE_COMBAT_CHOICES);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-fpw-unit-actions.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, EditorFpwUnitActions, name)
  BIND (box);
  BIND (buttons_box);
  BIND (challenge_button);
  BIND (choices);
  BIND (detrain_button);
  BIND (done_button);
  BIND (dummy_box);
  BIND (dummy_button);
  BIND (dummy_dropdown);
  BIND (entrain_button);
  BIND (exit_button);
  BIND (formation_button);
  BIND (halved_label);
  BIND (hasty_attack_button);
  BIND (hasty_box);
  BIND (hasty_button);
  BIND (hasty_cancel_button);
  BIND (hasty_label);
  BIND (phase_box);
  BIND (phase_label);
  BIND (phase_notice_label);
  BIND (points_adjustment);
  BIND (points_spin);
  BIND (probe_button);
  BIND (remove_button);
  BIND (reserve_button);
  BIND (withhold_box);
  BIND (withhold_button);
  BIND (withhold_dropdown);
#undef BIND
}

static void
editor_fpw_unit_actions_init (EditorFpwUnitActions *self)
{
  self->dummies = g_array_new (FALSE, FALSE, sizeof (int));
  self->withholdable = g_array_new (FALSE, FALSE, sizeof (int));
  self->reserve_hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_init_template (GTK_WIDGET (self));
  _editor_fpw_unit_actions_hasty_init (self);
  _editor_fpw_unit_actions_phase_init (self);
  g_signal_connect_swapped (self->probe_button, "toggled", G_CALLBACK (probe_toggled_cb), self);
  g_signal_connect_swapped (self->challenge_button, "clicked", G_CALLBACK (challenge_cb), self);
  g_signal_connect_swapped (self->formation_button, "clicked", G_CALLBACK (formation_cb), self);
  g_signal_connect_swapped (self->entrain_button, "clicked", G_CALLBACK (entrain_cb), self);
  g_signal_connect_swapped (self->detrain_button, "clicked", G_CALLBACK (entrain_cb), self);
  g_signal_connect_swapped (self->exit_button, "clicked", G_CALLBACK (exit_cb), self);
  g_signal_connect_swapped (self->remove_button, "clicked", G_CALLBACK (remove_cb), self);
  g_signal_connect_swapped (self->done_button, "clicked", G_CALLBACK (done_cb), self);
}
