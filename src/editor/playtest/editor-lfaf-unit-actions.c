/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "editor-lfaf-unit-actions.h"
#include "sand-ruleset-labels.h"

struct _EditorLfafUnitActions
{
  EditorUnitActions parent_instance;

  /* Template children */
  GtkBox *box;
  GtkBox *buttons_box;
  GtkBox *phase_box;
  GtkLabel *phase_label;
  GtkButton *rally_button;
  GtkButton *recon_button;
  GtkButton *surplus_button;
};

G_DEFINE_FINAL_TYPE (EditorLfafUnitActions, editor_lfaf_unit_actions, EDITOR_TYPE_UNIT_ACTIONS)

#define SECTION(self) EDITOR_UNIT_ACTIONS (self)
#define PLAYTEST(self) editor_unit_actions_get_playtest (EDITOR_UNIT_ACTIONS (self))

/* LFAF 10: the German player's one reconnaissance marker, placed in his
 * Rally Phase on a hex he picks: while the engine offers it. */
static gboolean
recon_due (SandGame *game)
{
  return sand_game_offers (game, "recon", -1);
}

static gboolean
rally_due (SandGame *game,
           int       unit)
{
  const SandUnitState *st;

  if (unit < 0 || sand_game_is_over (game) ||
      g_strcmp0 (sand_game_get_phase_id (game), "movement") != 0)
    return FALSE;
  st = sand_game_get_unit (game, unit);
  return st->side == sand_game_get_side (game) && st->status == SAND_UNIT_ON_MAP &&
         st->strength < sand_game_unit_max_strength (game, unit);
}

static gboolean
editor_lfaf_unit_actions_update (EditorUnitActions *section,
                                 SandGame          *game,
                                 int                unit)
{
  EditorLfafUnitActions *self = EDITOR_LFAF_UNIT_ACTIONS (section);
  /* While a side sets up, the first phase's actions are not its own. */
  gboolean setting_up = sand_game_setup_side (game) >= 0;
  gboolean buttons = FALSE, recon;

  /* LFAF 9: a unit of the side to move that has lost a step has something
   * to rally; whether it may now (stacked with its headquarters, in
   * command, not moved) the engine says, and why not. */
  buttons |= editor_unit_actions_offer_or_explain (section, GTK_WIDGET (self->rally_button),
                                                   "rally", unit,
                                                   rally_due (game, unit) && !setting_up);
  buttons |= editor_unit_actions_offer (section, GTK_WIDGET (self->surplus_button), "surplus",
                                        unit, unit >= 0 && !setting_up);
  gtk_widget_set_visible (GTK_WIDGET (self->buttons_box), buttons);

  recon = !setting_up && recon_due (game) && !editor_playtest_get_screen_hidden (PLAYTEST (self));
  if (recon)
    {
      SandRuleset *ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
      int phase = sand_game_get_phase (game);
      /* Translators: the heading of what the phase offers; %s is the
       * ruleset's name of the phase (msgctxt "phase"), e.g.
       * "Phase: Reinforcement". */
      g_autofree char *heading = g_strdup_printf (_("Phase: %s"),
                                                  sand_ruleset_phase_label (ruleset, phase));

      gtk_label_set_label (self->phase_label, heading);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->phase_box), recon);
  return buttons || recon;
}

/* An action of the selected unit alone; what it did is the log's note of
 * the engine's answer, or @done_text. */
static void
unit_action (EditorLfafUnitActions *self,
             const char            *name,
             const char            *done_text)
{
  SandGame *game = editor_playtest_get_game (PLAYTEST (self));
  int unit = editor_playtest_get_selected (PLAYTEST (self));
  g_autofree char *note = NULL;

  if (game == NULL || unit < 0)
    return;
  editor_unit_actions_show_result (SECTION (self), NULL);
  if (!editor_unit_actions_play (SECTION (self),
                                 editor_unit_actions_new_action (game, name, unit, SAND_HEX_NONE)))
    return;
  note = editor_unit_actions_last_note (SECTION (self));
  editor_unit_actions_show_result (SECTION (self), done_text ? done_text : note);
}

static void
rally_cb (EditorLfafUnitActions *self)
{
  unit_action (self, "rally", NULL);
}

static void
surplus_cb (EditorLfafUnitActions *self)
{
  unit_action (self, "surplus",
               _("Picked: it goes first if its hex is still over the stacking limit at the end "
                 "of the phase (LFAF 4.4)."));
}

static void
recon_picked (EditorPlaytest *playtest,
              int             hex,
              gpointer        data)
{
  EditorLfafUnitActions *self = data;
  SandGame *game = editor_playtest_get_game (playtest);
  g_autofree char *note = NULL;

  if (game == NULL)
    return;
  if (!editor_unit_actions_play (SECTION (self),
                                 editor_unit_actions_new_action (game, "recon", -1, hex)))
    return;
  note = editor_unit_actions_last_note (SECTION (self));
  editor_unit_actions_show_result (SECTION (self), note);
}

static void
recon_cb (EditorLfafUnitActions *self)
{
  editor_unit_actions_show_result (SECTION (self), NULL);
  editor_playtest_begin_pick (PLAYTEST (self), _("Click the hex to reconnoitre"), NULL, 0,
                              recon_picked, self, NULL);
}

static GtkWidget *
editor_lfaf_unit_actions_get_button (EditorUnitActions *section,
                                     const char        *action)
{
  EditorLfafUnitActions *self = EDITOR_LFAF_UNIT_ACTIONS (section);

  if (g_str_equal (action, "rally"))
    return GTK_WIDGET (self->rally_button);
  if (g_str_equal (action, "surplus"))
    return GTK_WIDGET (self->surplus_button);
  if (g_str_equal (action, "recon"))
    return GTK_WIDGET (self->recon_button);
  return NULL;
}

static void
editor_lfaf_unit_actions_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), EDITOR_TYPE_LFAF_UNIT_ACTIONS);
  G_OBJECT_CLASS (editor_lfaf_unit_actions_parent_class)->dispose (object);
}

static void
editor_lfaf_unit_actions_class_init (EditorLfafUnitActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  EditorUnitActionsClass *section_class = EDITOR_UNIT_ACTIONS_CLASS (klass);

  object_class->dispose = editor_lfaf_unit_actions_dispose;
  section_class->update = editor_lfaf_unit_actions_update;
  section_class->get_button = editor_lfaf_unit_actions_get_button;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-lfaf-unit-actions.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, box);
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, buttons_box);
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, phase_box);
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, phase_label);
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, rally_button);
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, recon_button);
  gtk_widget_class_bind_template_child (widget_class, EditorLfafUnitActions, surplus_button);
}

static void
editor_lfaf_unit_actions_init (EditorLfafUnitActions *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self->rally_button, "clicked", G_CALLBACK (rally_cb), self);
  g_signal_connect_swapped (self->surplus_button, "clicked", G_CALLBACK (surplus_cb), self);
  g_signal_connect_swapped (self->recon_button, "clicked", G_CALLBACK (recon_cb), self);
}
