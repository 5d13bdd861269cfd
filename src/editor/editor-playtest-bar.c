/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "editor-playtest-bar.h"

struct _EditorPlaytestBar
{
  GtkWidget parent_instance;

  EditorPlaytest *playtest;
  gboolean updating;
  GtkFileChooserNative *chooser;

  /* Template children */
  GtkToggleButton *attack_button;
  GtkBox *box;
  GtkCheckButton *command_check;
  GtkButton *end_phase_button;
  GtkMenuButton *game_menu_button;
  GtkCheckButton *interdiction_check;
  GtkButton *load_button;
  GtkToggleButton *log_button;
  GtkButton *save_button;
  GtkLabel *segment_label;
  GtkLabel *status_label;
  GtkCheckButton *supply_check;
  GtkLabel *turn_label;
  GtkButton *undo_button;
  GtkCheckButton *victory_check;
  GtkCheckButton *zoc_check;
};

G_DEFINE_FINAL_TYPE (EditorPlaytestBar, editor_playtest_bar, GTK_TYPE_WIDGET)

static void
report (EditorPlaytestBar *self,
        const GError      *error)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  const char *rule = NULL;
  SandGame *game = editor_playtest_get_game (self->playtest);
  g_autofree char *text = NULL;

  if (game != NULL && error->domain == SAND_GAME_ERROR && error->code == SAND_GAME_ERROR_REFUSED)
    rule = sand_game_get_refusal_rule (game);
  text = rule ? g_strdup_printf (_("%s (%s)"), error->message, rule) : g_strdup (error->message);
  if (EDITOR_IS_WINDOW (root))
    editor_window_add_toast (EDITOR_WINDOW (root), text);
}

/* Standard Game: the Movement Segment of the unit in motion, e.g.
 * "First movement — II Corps" (FPW Sequence of Play). */
static char *
describe_segment (EditorPlaytestBar *self,
                  SandGame          *game)
{
  int unit = sand_game_unit_in_motion (game);
  int viewer = editor_playtest_get_viewer (self->playtest);
  const SandCounter *counter;
  g_autofree char *name = NULL;
  const char *segment;

  switch (sand_game_get_segment (game))
    {
    case 1:
      segment = C_("movement segment", "First movement");
      break;
    case 2:
      segment = C_("movement segment", "Probe");
      break;
    case 3:
      segment = C_("movement segment", "Second movement");
      break;
    default:
      return NULL;
    }
  if (unit < 0)
    return g_strdup (segment);
  counter = sand_game_get_counter (game, unit);
  name = sand_game_unit_visible (game, unit, viewer)
         ? g_strdup (counter->name && *counter->name ? counter->name : counter->id)
         : sand_game_unit_name_for (game, unit, viewer);
  /* Translators: the Movement Segment and the unit in motion, e.g.
   * "First movement — II Corps". */
  return g_strdup_printf (_("%s — %s"), segment, name);
}

static void
update (EditorPlaytestBar *self)
{
  SandGame *game = editor_playtest_get_game (self->playtest);
  SandRuleset *ruleset;
  g_autofree char *turn = NULL;
  g_autofree char *segment = NULL;
  g_autofree char *status = NULL;
  const char *prompt;
  int selected, side, phase;
  guint overlays;
  SandVictory vp = { 0 };

  if (game == NULL)
    return;
  self->updating = TRUE;
  ruleset = sand_scenario_get_ruleset (sand_game_get_scenario (game));
  side = sand_game_get_side (game);
  phase = sand_game_get_phase (game);

  if (sand_game_is_over (game))
    turn = g_strdup (_("Game over"));
  else
    {
      const char *side_name = side >= 0 && (guint) side < sand_ruleset_n_sides (ruleset)
                              ? sand_ruleset_get_side (ruleset, side)->name : "";
      const char *phase_name = phase >= 0 && (guint) phase < sand_ruleset_n_phases (ruleset)
                               ? sand_ruleset_get_phase (ruleset, phase)->name : "";

      /* Translators: game-turn, last turn, side and phase, e.g.
       * "Turn 3 of 11 · German Movement". */
      turn = g_strdup_printf (_("Turn %d of %d · %s %s"), sand_game_get_turn (game),
                              sand_scenario_get_turns (sand_game_get_scenario (game)),
                              side_name, phase_name);
      segment = describe_segment (self, game);
    }
  gtk_label_set_label (self->turn_label, turn);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->turn_label), turn);
  gtk_label_set_label (self->segment_label, segment ? segment : "");
  gtk_widget_set_visible (GTK_WIDGET (self->segment_label), segment != NULL);

  selected = editor_playtest_get_selected (self->playtest);
  sand_game_victory (game, &vp);
  prompt = editor_playtest_get_pick_prompt (self->playtest);
  if (prompt != NULL)
    /* Translators: what a click on the map picks now, and how to give up. */
    status = g_strdup_printf (_("%s (Escape to cancel)"), prompt);
  else if (editor_playtest_get_attack_mode (self->playtest))
    status = g_strdup (_("Click an enemy hex to attack, then your units beside it"));
  else if (selected >= 0)
    {
      const SandCounter *counter = sand_game_get_counter (game, selected);
      int viewer = editor_playtest_get_viewer (self->playtest);

      if (sand_game_unit_visible (game, selected, viewer))
        /* Translators: the selected unit, its movement points left and its
         * allowance. */
        status = g_strdup_printf (_("%s: %d of %d MP left"),
                                  counter->name ? counter->name : counter->id,
                                  sand_game_unit_mp_left (game, selected),
                                  sand_game_unit_allowance (game, selected));
      else
        {
          g_autofree char *name = sand_game_unit_name_for (game, selected, viewer);

          /* Translators: a face-down enemy counter, by the name its
           * enemy knows it by ("french-?3"). */
          status = g_strdup_printf (_("%s: face down"), name);
        }
      if (editor_playtest_get_probe (self->playtest) &&
          sand_game_get_unit (game, selected)->side == sand_game_get_side (game))
        {
          /* Translators: appended to the selected unit's status while its
           * moves are probes (FPW Standard Game). */
          char *probing = g_strdup_printf (_("%s · probing: enemy control costs no +3, a hasty "
                                             "attack is owed"), status);
          g_free (status);
          status = probing;
        }
    }
  else if (editor_playtest_get_overlays (self->playtest) & EDITOR_PLAYTEST_OVERLAY_VICTORY)
    /* Translators: victory points so far and the level they give. */
    status = g_strdup_printf (_("Net victory points %d%s%s"), vp.net,
                              vp.level ? " · " : "", vp.level ? vp.level : "");
  else
    status = g_strdup (_("Click a unit to see where it may move"));
  {
    int hover = editor_playtest_get_hover (self->playtest);

    /* The window's status bar rests while playing: say here what the
     * pointer is over. */
    if (hover >= 0)
      {
        SandMap *map = sand_scenario_get_map (sand_game_get_scenario (game));
        guint terrain = sand_map_get_terrain (map, hover);
        const char *place = sand_map_get_place (map, hover);
        char id[SAND_HEX_ID_MAX];
        char *full;

        sand_grid_format_id (sand_game_get_grid (game), hover, id);
        full = g_strdup_printf ("%s · %s%s%s — %s", id,
                                terrain < sand_ruleset_n_terrains (ruleset)
                                ? sand_ruleset_get_terrain (ruleset, terrain)->name : "",
                                place ? " · " : "", place ? place : "", status);
        g_free (status);
        status = full;
      }
  }
  gtk_label_set_label (self->status_label, status);

  gtk_toggle_button_set_active (self->attack_button,
                                editor_playtest_get_attack_mode (self->playtest));
  gtk_widget_set_sensitive (GTK_WIDGET (self->undo_button), sand_game_can_undo (game));
  gtk_widget_set_sensitive (GTK_WIDGET (self->end_phase_button), !sand_game_is_over (game));

  overlays = editor_playtest_get_overlays (self->playtest);
  gtk_check_button_set_active (self->supply_check, overlays & EDITOR_PLAYTEST_OVERLAY_SUPPLY);
  gtk_check_button_set_active (self->zoc_check, overlays & EDITOR_PLAYTEST_OVERLAY_ZOC);
  gtk_check_button_set_active (self->interdiction_check,
                               overlays & EDITOR_PLAYTEST_OVERLAY_INTERDICTION);
  gtk_check_button_set_active (self->command_check, overlays & EDITOR_PLAYTEST_OVERLAY_COMMAND);
  gtk_check_button_set_active (self->victory_check, overlays & EDITOR_PLAYTEST_OVERLAY_VICTORY);
  self->updating = FALSE;
}

static void
overlay_toggled_cb (EditorPlaytestBar *self)
{
  guint overlays = 0;

  if (self->updating)
    return;
  if (gtk_check_button_get_active (self->supply_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_SUPPLY;
  if (gtk_check_button_get_active (self->zoc_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_ZOC;
  if (gtk_check_button_get_active (self->interdiction_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_INTERDICTION;
  if (gtk_check_button_get_active (self->command_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_COMMAND;
  if (gtk_check_button_get_active (self->victory_check))
    overlays |= EDITOR_PLAYTEST_OVERLAY_VICTORY;
  editor_playtest_set_overlays (self->playtest, overlays);
}

static void
attack_toggled_cb (EditorPlaytestBar *self)
{
  if (!self->updating)
    editor_playtest_set_attack_mode (self->playtest,
                                     gtk_toggle_button_get_active (self->attack_button));
}

static void
end_phase_cb (EditorPlaytestBar *self)
{
  g_autoptr(GError) error = NULL;

  if (!editor_playtest_end_phase (self->playtest, &error))
    report (self, error);
}

static void
undo_cb (EditorPlaytestBar *self)
{
  g_autoptr(GError) error = NULL;

  if (!editor_playtest_undo (self->playtest, &error))
    report (self, error);
}

static void
log_toggled_cb (EditorPlaytestBar *self)
{
  editor_playtest_set_panel_visible (self->playtest,
                                     gtk_toggle_button_get_active (self->log_button));
}

static void
chooser_response_cb (EditorPlaytestBar    *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  gboolean saving = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) ==
                    GTK_FILE_CHOOSER_ACTION_SAVE;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      if (saving ? !editor_playtest_save_game (self->playtest, file, &error)
                 : !editor_playtest_load_game (self->playtest, file, &error))
        report (self, error);
      else if (saving)
        {
          GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
          if (EDITOR_IS_WINDOW (root))
            editor_window_add_toast (EDITOR_WINDOW (root), _("Game saved"));
        }
    }
  g_clear_object (&self->chooser);
}

static void
choose_file (EditorPlaytestBar *self,
             gboolean           save)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (save ? _("Save Game") : _("Load Game"),
                                               GTK_WINDOW (root),
                                               save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                                    : GTK_FILE_CHOOSER_ACTION_OPEN,
                                               save ? _("_Save") : _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Saved games"));
  gtk_file_filter_add_pattern (filter, "*.sandgame");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("game.sandgame"));
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_cb (EditorPlaytestBar *self)
{
  gtk_menu_button_popdown (self->game_menu_button);
  choose_file (self, TRUE);
}

static void
load_cb (EditorPlaytestBar *self)
{
  gtk_menu_button_popdown (self->game_menu_button);
  choose_file (self, FALSE);
}

const char *
editor_playtest_bar_get_title (EditorPlaytestBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  return gtk_label_get_label (self->turn_label);
}

const char *
editor_playtest_bar_get_segment (EditorPlaytestBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  return gtk_label_get_label (self->segment_label);
}

const char *
editor_playtest_bar_get_status (EditorPlaytestBar *self)
{
  g_return_val_if_fail (EDITOR_IS_PLAYTEST_BAR (self), NULL);
  return gtk_label_get_label (self->status_label);
}

GtkWidget *
editor_playtest_bar_new (EditorPlaytest *playtest)
{
  EditorPlaytestBar *self;

  g_return_val_if_fail (EDITOR_IS_PLAYTEST (playtest), NULL);

  self = g_object_new (EDITOR_TYPE_PLAYTEST_BAR, NULL);
  self->playtest = playtest;
  g_signal_connect_object (playtest, "changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

static void
editor_playtest_bar_dispose (GObject *object)
{
  EditorPlaytestBar *self = (EditorPlaytestBar *) object;

  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), EDITOR_TYPE_PLAYTEST_BAR);
  /* The template's root has no id, so dispose_template leaves it. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  G_OBJECT_CLASS (editor_playtest_bar_parent_class)->dispose (object);
}

static void
editor_playtest_bar_class_init (EditorPlaytestBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = editor_playtest_bar_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playtestbar");
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/sandtable/Sandtable/"
                                               "ui/editor-playtest-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, attack_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, box);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, command_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, end_phase_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, game_menu_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, interdiction_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, load_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, log_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, save_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, segment_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, status_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, supply_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, turn_label);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, undo_button);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, victory_check);
  gtk_widget_class_bind_template_child (widget_class, EditorPlaytestBar, zoc_check);
}

static void
editor_playtest_bar_init (EditorPlaytestBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->attack_button, "toggled", G_CALLBACK (attack_toggled_cb), self);
  g_signal_connect_swapped (self->end_phase_button, "clicked", G_CALLBACK (end_phase_cb), self);
  g_signal_connect_swapped (self->undo_button, "clicked", G_CALLBACK (undo_cb), self);
  g_signal_connect_swapped (self->log_button, "toggled", G_CALLBACK (log_toggled_cb), self);
  g_signal_connect_swapped (self->save_button, "clicked", G_CALLBACK (save_cb), self);
  g_signal_connect_swapped (self->load_button, "clicked", G_CALLBACK (load_cb), self);
  g_signal_connect_swapped (self->supply_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->zoc_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->interdiction_check, "toggled",
                            G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->command_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
  g_signal_connect_swapped (self->victory_check, "toggled", G_CALLBACK (overlay_toggled_cb), self);
}
